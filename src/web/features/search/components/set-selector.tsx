import { SETS, type SetId } from '#shared/sets.ts';
import { ChoiceMenu } from '#web/components/ui/choice-menu.tsx';

const SET_CHOICES = SETS.map((set) => ({ value: set.id, label: set.name }));

interface SetSelectorProps {
  value: SetId;
  onChange: (set: SetId) => void;
  disabled?: boolean;
}

/** The set the search looks in: Base Set, Jungle or Fossil. */
export function SetSelector({ value, onChange, disabled }: SetSelectorProps) {
  return (
    <ChoiceMenu
      label="Set"
      value={value}
      choices={SET_CHOICES}
      onChange={onChange}
      disabled={disabled}
      buttonClassName="rounded-xl bg-slate-100 px-3 text-sm font-semibold text-slate-800 hover:bg-slate-200 disabled:text-slate-400"
    />
  );
}
