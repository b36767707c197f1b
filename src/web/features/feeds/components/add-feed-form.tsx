import { type FormEvent, type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { IMPORT_FORMATS } from '#shared/schemas/admin.ts';
import {
  CreateFeedBodySchema,
  EBAY_MAX_LOOKBACK_DAYS,
  FEED_ADAPTER_LABELS,
  FEED_ADAPTERS,
} from '#shared/schemas/feeds.ts';
import { getSet, SET_IDS } from '#shared/sets.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FieldMessage, inputClass } from '#web/components/ui/fields.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useAddFeed } from '#web/features/feeds/api/feeds.ts';
import { bodyOf, FIELDS, type Field, INITIAL, type Values } from '#web/features/feeds/feed-form-values.ts';
import { useFieldErrors } from '#web/lib/use-field-errors.ts';

const labelClass = 'block text-sm font-medium text-slate-800';
const hintClass = 'text-sm text-slate-600';

/** Add a feed: adapter, name, schedule, settings and secrets; the server keeps the secrets and never shows them. */
export function AddFeedForm({ onDone }: { onDone: () => void }) {
  const [values, setValues] = useState(INITIAL);
  const [error, setError] = useState<string | null>(null);
  const form = useFieldErrors(FIELDS);
  const add = useAddFeed();
  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    setError(null);
    const checked = CreateFeedBodySchema.safeParse(bodyOf(values));
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = FIELDS.find((name) => name === issue.path.slice(0, 2).join('.'));
        if (field) found[field] ??= issue.message;
      }
      form.show(found);
      if (Object.keys(found).length === 0) setError(checked.error.issues[0]?.message ?? 'Check the feed.');
      return;
    }
    form.clear();
    add.mutate(bodyOf(values), {
      onSuccess: onDone,
      onError: (failure) => {
        if (!form.showApiError(failure)) setError(failure.message);
      },
    });
  };

  const field = (name: Field, label: string, input: ReactNode, hint?: string) => (
    <div className="space-y-1">
      <label htmlFor={form.idOf(name)} className={labelClass}>
        {label}
      </label>
      {input}
      {hint ? (
        <p id={`${form.idOf(name)}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
      <FieldMessage id={form.messageIdOf(name)} message={form.errors[name]} />
    </div>
  );
  const text = (
    name: Field,
    key: keyof Values,
    extra: InputHTMLAttributes<HTMLInputElement> = {},
    hinted = false,
  ) => (
    <input
      {...form.control(name, hinted ? `${form.idOf(name)}-hint` : undefined)}
      value={values[key] as string}
      onChange={set(key)}
      className={inputClass}
      disabled={add.isPending}
      {...extra}
    />
  );

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      {error ? <ErrorNotice message={error} /> : null}
      {field(
        'adapter',
        'Source',
        <select
          {...form.control('adapter')}
          value={values.adapter}
          onChange={set('adapter')}
          disabled={add.isPending}
          className={inputClass}
        >
          {FEED_ADAPTERS.map((adapter) => (
            <option key={adapter} value={adapter}>
              {FEED_ADAPTER_LABELS[adapter]}
            </option>
          ))}
        </select>,
      )}
      {field('name', 'Name', text('name', 'name', { required: true, maxLength: 80, autoComplete: 'off' }))}
      {field(
        'schedule',
        'Schedule (cron, UTC)',
        text('schedule', 'schedule', { required: true, autoComplete: 'off', spellCheck: false }, true),
        'Five fields: minute, hour, day of month, month, day of week. "0 6 * * *" runs daily at 06:00 UTC.',
      )}

      {values.adapter === 'ebay' ? (
        <fieldset className="space-y-4 rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-800">eBay Marketplace Insights</legend>
          <p className={hintClass}>
            For approved eBay partners. The client id and secret stay on the server.
          </p>
          {field(
            'secrets.clientId',
            'Client id',
            text('secrets.clientId', 'clientId', { required: true, autoComplete: 'off' }),
          )}
          {field(
            'secrets.clientSecret',
            'Client secret',
            text('secrets.clientSecret', 'clientSecret', {
              type: 'password',
              required: true,
              autoComplete: 'new-password',
            }),
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            {field('settings.marketplaceId', 'Marketplace', text('settings.marketplaceId', 'marketplaceId'))}
            {field(
              'settings.categoryIds',
              'Category ids',
              text('settings.categoryIds', 'categoryIds', { inputMode: 'numeric' }),
            )}
          </div>
          <fieldset
            className="space-y-1"
            aria-describedby={form.errors['settings.sets'] ? form.messageIdOf('settings.sets') : undefined}
          >
            <legend className={labelClass}>Sets</legend>
            <div className="flex flex-wrap gap-4">
              {SET_IDS.map((setId) => (
                <label key={setId} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    id={setId === SET_IDS[0] ? form.idOf('settings.sets') : undefined}
                    checked={values.sets.includes(setId)}
                    disabled={add.isPending}
                    onChange={(event) =>
                      setValues((current) => ({
                        ...current,
                        sets: event.target.checked
                          ? SET_IDS.filter((id) => id === setId || current.sets.includes(id))
                          : current.sets.filter((id) => id !== setId),
                      }))
                    }
                    className="size-4 rounded border-slate-300"
                  />
                  {getSet(setId).name}
                </label>
              ))}
            </div>
            <FieldMessage id={form.messageIdOf('settings.sets')} message={form.errors['settings.sets']} />
          </fieldset>
          {field(
            'settings.lookbackDays',
            'Days to look back on the first run',
            text(
              'settings.lookbackDays',
              'lookbackDays',
              { type: 'number', min: 1, max: EBAY_MAX_LOOKBACK_DAYS },
              true,
            ),
            `Up to ${EBAY_MAX_LOOKBACK_DAYS}; later runs ask for sales since the run before.`,
          )}
        </fieldset>
      ) : null}

      {values.adapter === 'url' ? (
        <fieldset className="space-y-4 rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-800">Sales file at a URL</legend>
          {field(
            'settings.url',
            'File address',
            text(
              'settings.url',
              'url',
              { type: 'url', required: true, placeholder: 'https://partner.example/sales.jsonl' },
              true,
            ),
            'A flat_sales file (JSON, JSON Lines or CSV). An unchanged file is not downloaded again.',
          )}
          {field(
            'settings.format',
            'Format',
            <select
              {...form.control('settings.format')}
              value={values.format}
              onChange={set('format')}
              disabled={add.isPending}
              className={inputClass}
            >
              <option value="">Tell from the file</option>
              {IMPORT_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {{ json: 'JSON array', jsonl: 'JSON Lines', csv: 'CSV' }[format]}
                </option>
              ))}
            </select>,
          )}
          {field(
            'secrets.authorization',
            'Authorization header (optional)',
            text('secrets.authorization', 'authorization', {
              type: 'password',
              autoComplete: 'new-password',
              placeholder: 'Bearer …',
            }),
          )}
        </fieldset>
      ) : null}

      {values.adapter === 'folder' ? (
        <fieldset className="space-y-4 rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-800">Drop folder</legend>
          {field(
            'settings.folder',
            'Folder name',
            text(
              'settings.folder',
              'folder',
              { required: true, autoComplete: 'off', placeholder: 'heritage' },
              true,
            ),
            'A folder in the server’s feeds folder. Each file put there is imported once, then moved to done/ or failed/.',
          )}
        </fieldset>
      ) : null}

      <Button type="submit" className="w-full" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add feed'}
      </Button>
    </form>
  );
}
