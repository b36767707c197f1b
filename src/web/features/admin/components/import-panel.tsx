import { Upload } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { MAX_IMPORT_MEGABYTES } from '#shared/schemas/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { type ImportFormat, useImportSales } from '#web/features/admin/api/import-sales.ts';
import { ImportSummaryView } from './import-summary.tsx';

const FORMAT_CHOICES: { value: ImportFormat | ''; label: string }[] = [
  { value: '', label: 'Tell from the file' },
  { value: 'json', label: 'JSON array' },
  { value: 'jsonl', label: 'JSON Lines' },
  { value: 'csv', label: 'CSV' },
];
const MAX_BYTES = MAX_IMPORT_MEGABYTES * 1024 * 1024;

/** Upload a sales file (the importer of the CLI): upload progress, then the summary and the rejected rows. */
export function ImportPanel() {
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportFormat | ''>('');
  const [sent, setSent] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useImportSales();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setProblem('Choose a sales file to import.');
      return;
    }
    if (file.size > MAX_BYTES) {
      setProblem(
        `That file is larger than ${MAX_IMPORT_MEGABYTES} MB. Split it, or import it with npm run import.`,
      );
      return;
    }
    setProblem(null);
    setSent(0);
    upload.mutate({ file, format: format || undefined, onProgress: setSent });
  };

  const percent = Math.round(sent * 100);
  return (
    <section aria-labelledby={`${ids}-title`} className="space-y-4">
      <div>
        <h2 id={`${ids}-title`} className="text-xl font-bold text-ink">
          Import sales
        </h2>
        <p className="text-sm text-slate-600">
          A JSON array, JSON Lines or CSV file of sales records (card_name, set_id, price, sale_date, seller,
          …), up to {MAX_IMPORT_MEGABYTES} MB. Sales stored before are skipped; bad rows are listed with their
          line.
        </p>
      </div>
      <form onSubmit={submit} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
        <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div>
            <label htmlFor={`${ids}-file`} className="mb-1 block text-sm font-semibold text-slate-800">
              Sales file
            </label>
            <input
              id={`${ids}-file`}
              type="file"
              accept=".json,.jsonl,.ndjson,.csv,application/json,text/csv"
              disabled={upload.isPending}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${ids}-problem` : undefined}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setProblem(null);
              }}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold file:text-slate-800 hover:file:bg-slate-200"
            />
          </div>
          <div>
            <label htmlFor={`${ids}-format`} className="mb-1 block text-sm font-semibold text-slate-800">
              Format
            </label>
            <select
              id={`${ids}-format`}
              value={format}
              disabled={upload.isPending}
              onChange={(event) => setFormat(event.target.value as ImportFormat | '')}
              className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            >
              {FORMAT_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        {problem ? (
          <p id={`${ids}-problem`} className="text-sm text-red-700">
            {problem}
          </p>
        ) : null}
        <Button type="submit" disabled={upload.isPending}>
          <Upload className="size-4" aria-hidden />
          {upload.isPending ? 'Importing…' : 'Import'}
        </Button>
        {upload.isPending ? (
          <div className="space-y-1">
            <div
              role="progressbar"
              aria-label={`Uploading ${file?.name ?? 'the file'}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <p className="text-sm text-slate-600" aria-live="polite">
              {percent < 100 ? `Uploading… ${percent}%` : 'Uploaded. Importing the rows…'}
            </p>
          </div>
        ) : null}
      </form>
      {upload.isError ? <ErrorNotice message={upload.error.message} /> : null}
      {upload.isSuccess ? (
        <ImportSummaryView summary={upload.data} fileName={upload.variables.file.name} />
      ) : null}
    </section>
  );
}
