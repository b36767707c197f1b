import type { ImportSummary } from '#shared/schemas/admin.ts';
import { DataTable } from '#web/components/ui/data-table.tsx';

const FORMAT_NAMES: Record<ImportSummary['format'], string> = {
  json: 'JSON',
  jsonl: 'JSON Lines',
  csv: 'CSV',
};
const count = new Intl.NumberFormat('en-US');

/** What an import did: counts, then each rejected row with its line (JSON: its record number) and reason. */
export function ImportSummaryView({ summary, fileName }: { summary: ImportSummary; fileName: string }) {
  const figures: [string, number][] = [
    ['Read', summary.read],
    ['Imported', summary.imported],
    ['Duplicates', summary.duplicates],
    ['Rejected', summary.rejected],
  ];
  const lineHeader = summary.format === 'json' ? 'Record' : 'Line';
  return (
    <section aria-labelledby="import-summary-title" className="space-y-3" aria-live="polite">
      <h3 id="import-summary-title" className="font-semibold text-slate-900">
        Imported {fileName} ({FORMAT_NAMES[summary.format]})
      </h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white px-3 py-2">
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
            <dd className="text-lg font-bold tabular-nums text-ink">{count.format(value)}</dd>
          </div>
        ))}
      </dl>
      {summary.rejects.length > 0 ? (
        <section
          aria-label="Rejected rows"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways on phones must be reachable by keyboard
          tabIndex={0}
          className="overflow-x-auto rounded-2xl border border-slate-200 bg-white"
        >
          <DataTable
            className="w-full text-sm"
            caption={`Rejected rows${
              summary.rejected > summary.rejects.length
                ? ` (the first ${summary.rejects.length} of ${count.format(summary.rejected)})`
                : ''
            }`}
            captionClassName="px-4 pt-3 text-left text-sm font-semibold text-slate-900"
            headClassName="text-left text-xs font-semibold tracking-wide text-slate-600 uppercase"
            columns={[
              {
                header: lineHeader,
                headerClassName: 'py-2 pr-3 pl-4',
                cellClassName: 'py-2 pr-3 pl-4 align-top tabular-nums',
                cell: (reject) => reject.line,
              },
              {
                header: 'Reason',
                headerClassName: 'py-2 pr-4 pl-3',
                cellClassName: 'py-2 pr-4 pl-3',
                cell: (reject) => reject.reason,
              },
            ]}
            rows={summary.rejects}
            rowKey={(reject) => `${reject.line}-${reject.reason}`}
            rowClassName="border-t border-slate-100"
          />
        </section>
      ) : null}
    </section>
  );
}
