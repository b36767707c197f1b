import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import {
  ADVANCE_GRADERS,
  ADVANCE_PERCENT,
  ADVANCE_TERM_WEEKS,
  EXAMPLE_MARKET_VALUE,
  MINIMUM_MARKET_VALUE,
  maxAdvance,
} from '#shared/advance-terms.ts';
import { formatDollars } from '#shared/money.ts';

const graders = new Intl.ListFormat('en-US', { type: 'conjunction' }).format(ADVANCE_GRADERS);

const QUESTIONS = [
  {
    id: 'how-much',
    question: 'How much can I get?',
    answer: `Up to ${ADVANCE_PERCENT}% of your card's market value. A card worth ${formatDollars(EXAMPLE_MARKET_VALUE)} can get an advance of ${formatDollars(maxAdvance(EXAMPLE_MARKET_VALUE))}.`,
  },
  {
    id: 'which-cards',
    question: 'Which cards qualify?',
    answer: `Cards graded by ${graders} with a market value of at least ${formatDollars(MINIMUM_MARKET_VALUE)}.`,
  },
  {
    id: 'terms',
    question: 'How long are the terms?',
    answer: `Between ${ADVANCE_TERM_WEEKS.min} and ${ADVANCE_TERM_WEEKS.max} weeks. You choose the term when you accept the offer.`,
  },
  {
    id: 'market-value',
    question: 'How is market value worked out?',
    answer:
      'From recent recorded sales of the same card at the same grade — the same sales history you can research on Holoscope.',
  },
  {
    id: 'my-card',
    question: 'Do I keep my card?',
    answer:
      'The card secures the advance rather than being sold. Repay the advance within the term and the card is yours again.',
  },
] as const;

/** One answer open at a time (docs/product.md §4); a second click closes it. */
export function AdvanceFaq() {
  return (
    <Accordion.Root
      type="single"
      collapsible
      className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
    >
      {QUESTIONS.map((item) => (
        <Accordion.Item key={item.id} value={item.id}>
          <Accordion.Header>
            <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-4 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 sm:px-6">
              {item.question}
              <ChevronDown
                className="size-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none"
                aria-hidden
              />
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="px-4 pb-4 text-slate-700 sm:px-6">{item.answer}</Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
