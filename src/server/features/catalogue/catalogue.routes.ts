import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardsOf, findCardById, rarityCounts, setFacts } from '#shared/catalogue.ts';
import { SetCardsResponseSchema, SetsResponseSchema } from '#shared/schemas/catalogue.ts';
import { errorResponses, SetIdSchema } from '#shared/schemas/common.ts';
import { getSet, SETS } from '#shared/sets.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { type CardImage, cardOfImagePath, loadCardImage } from './card-images.ts';

function sendCardImage(reply: FastifyReply, image: CardImage) {
  return reply
    .header('content-type', image.contentType)
    .header('cache-control', 'public, max-age=86400')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('x-content-type-options', 'nosniff')
    .send(image.body);
}

export function catalogueRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/sets',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'The three sets with card counts by rarity',
          response: { 200: SetsResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return {
          sets: SETS.map((set) => {
            const cards = cardsOf(set.id);
            return {
              id: set.id,
              name: set.name,
              slug: set.slug,
              ...setFacts(set.id),
              total: cards.length,
              counts: rarityCounts(cards),
            };
          }),
        };
      },
    );

    app.get(
      '/api/sets/:setId/cards',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Every catalogue card of a set',
          params: z.object({ setId: z.string() }),
          response: { 200: SetCardsResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const parsed = SetIdSchema.safeParse(request.params.setId);
        if (!parsed.success) throw notFound(`There is no set called "${request.params.setId}".`);
        const setId = parsed.data;
        const cards = cardsOf(setId).map(({ colour: _unused, ...card }) => card);
        reply.header('cache-control', 'public, max-age=3600');
        return { setId, name: getSet(setId).name, cards, total: cards.length };
      },
    );

    app.get(
      '/card-images/:cardId',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Card image: a licensed scan when one is installed, generated art otherwise',
          params: z.object({ cardId: z.string().max(40) }),
        },
      },
      async (request, reply) => {
        const card = findCardById(request.params.cardId);
        if (!card) throw notFound('There is no such card.');
        return sendCardImage(reply, await loadCardImage(card, context.config.cardImagesDir));
      },
    );

    // The specification's static image paths (docs/product.md §2, Card set galleries), e.g.
    // /BaseSetImages/Base_Charizard_4_102.png: the same image as /card-images/{cardId}.
    for (const set of SETS) {
      const folder = `${set.imageFolder}SetImages`;
      app.get(
        `/${folder}/:file`,
        {
          schema: {
            tags: ['catalogue'],
            summary: `Card image by the specification's file name: {Set}_{name}_{number}.{png|jpg|jpeg|webp}`,
            params: z.object({ file: z.string() }),
          },
        },
        async (request, reply) => {
          const card = cardOfImagePath(folder, request.params.file);
          if (!card) throw notFound('There is no such card.');
          return sendCardImage(reply, await loadCardImage(card, context.config.cardImagesDir));
        },
      );
    }
  };
}
