import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '#shared/errors.ts';
import { ErrorBodySchema, errorResponses } from '#shared/schemas/common.ts';
import {
  MAX_UPLOAD_MEGABYTES,
  PROFILE_IMAGE_KINDS,
  type ProfileImageKind,
  ProfileSettingsBodySchema,
  PublicProfileSchema,
  UserIdParamsSchema,
} from '#shared/schemas/users.ts';
import type { AppContext } from '../../context.ts';
import { fileUpload, type UploadMessages, uploadFailure } from '../../file-upload.ts';
import { MAX_IMAGE_BYTES } from '../../media/media-store.ts';
import { requireUser } from '../accounts/public.ts';
import { changeProfileSettings, getPublicProfile, replaceProfileImage } from './profiles.service.ts';

const IMAGE_UPLOAD: UploadMessages = {
  notMultipart: 'Send the image as multipart/form-data in the field "file".',
  missing: 'Choose an image to upload.',
  tooLarge: `That image is larger than ${MAX_UPLOAD_MEGABYTES} MB. Please choose a smaller one.`,
};

/** The bytes of the multipart field `file`, refused before decoding when larger than the upload limit. */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  const part = await fileUpload(request, IMAGE_UPLOAD);
  try {
    return await part.toBuffer();
  } catch (error) {
    throw uploadFailure(error, IMAGE_UPLOAD);
  }
}

export function profilesRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    await app.register(multipart, {
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 },
    });

    app.get(
      '/api/users/:id',
      {
        schema: {
          tags: ['users'],
          summary: "A collector's public profile (never an email), saying whether you have blocked them",
          params: UserIdParamsSchema,
          response: { 200: PublicProfileSchema, ...errorResponses },
        },
      },
      async (request) => getPublicProfile(context, request.params.id, request.user?.id),
    );

    app.put(
      '/api/users/me/settings',
      {
        schema: {
          tags: ['users'],
          summary: 'Change your profile settings',
          description:
            'showCollectionValue (off for a new account): when on, anyone may see your collection’s value and each card’s estimate; when off, only you.',
          body: ProfileSettingsBodySchema,
          response: { 200: PublicProfileSchema, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireUser(request, MESSAGES.mustBeLoggedIn);
        return changeProfileSettings(context, user.id, request.body);
      },
    );

    for (const kind of PROFILE_IMAGE_KINDS) {
      app.put(
        `/api/users/me/${kind}`,
        {
          schema: {
            tags: ['users'],
            summary: `Replace your ${kind === 'avatar' ? 'profile picture' : 'banner'}: any image up to ${MAX_UPLOAD_MEGABYTES} MB in the multipart field "file", stored as WebP`,
            consumes: ['multipart/form-data'],
            response: {
              200: PublicProfileSchema,
              413: ErrorBodySchema,
              415: ErrorBodySchema,
              ...errorResponses,
            },
          },
        },
        async (request) => {
          const user = requireUser(request, MESSAGES.noUserLoggedIn);
          const upload = await readUpload(request);
          return replaceProfileImage(context, user.id, kind as ProfileImageKind, upload);
        },
      );
    }
  };
}
