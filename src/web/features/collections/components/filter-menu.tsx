import { SlidersHorizontal } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId } from 'react';
import {
  COLLECTION_RARITY_FILTERS,
  COLLECTION_SET_FILTERS,
  type CollectionRarityFilter,
  type CollectionSetFilter,
} from '#shared/collection-rules.ts';
import { buttonClass } from '#web/components/ui/button.tsx';

const SET_LABELS: Record<CollectionSetFilter, string> = {
  all: 'All sets',
  base: 'Base Set',
  jungle: 'Jungle',
  fossil: 'Fossil',
};

const RARITY_LABELS: Record<CollectionRarityFilter, string> = {
  all: 'All rarities',
  holo_rare: 'Holo Rare',
  rare: 'Rare',
  uncommon: 'Uncommon',
  common: 'Common',
};

export interface FilterValue {
  set: CollectionSetFilter;
  rarity: CollectionRarityFilter;
}

export const NO_FILTER: FilterValue = { set: 'all', rarity: 'all' };

interface FilterMenuProps {
  value: FilterValue;
  onChange: (value: FilterValue) => void;
}

/** docs/product.md §2 filter menu: set and rarity, and Clear all. */
export function FilterMenu({ value, onChange }: FilterMenuProps) {
  const active = (value.set !== 'all' ? 1 : 0) + (value.rarity !== 'all' ? 1 : 0);
  return (
    <Popover.Root>
      <Popover.Trigger className={buttonClass('secondary', 'px-3')}>
        <SlidersHorizontal className="size-4" aria-hidden />
        Filters{active ? ` (${active})` : ''}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Filters"
          className="z-40 w-64 space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-lg"
        >
          <RadioGroup
            legend="Set"
            options={COLLECTION_SET_FILTERS}
            labels={SET_LABELS}
            value={value.set}
            onChange={(set) => onChange({ ...value, set })}
          />
          <RadioGroup
            legend="Rarity"
            options={COLLECTION_RARITY_FILTERS}
            labels={RARITY_LABELS}
            value={value.rarity}
            onChange={(rarity) => onChange({ ...value, rarity })}
          />
          <button
            type="button"
            onClick={() => onChange(NO_FILTER)}
            className={buttonClass('ghost', 'w-full')}
          >
            Clear all
          </button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

interface RadioGroupProps<T extends string> {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}

function RadioGroup<T extends string>({ legend, options, labels, value, onChange }: RadioGroupProps<T>) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{legend}</legend>
      <div className="space-y-1">
        {options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="size-4 accent-brand-600"
            />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
