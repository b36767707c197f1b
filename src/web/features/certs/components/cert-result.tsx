import { useState } from 'react';
import { MESSAGES } from '#shared/errors.ts';
import type { CertResponse } from '#shared/schemas/certs.ts';

const FIELDS = [
  ['Brand', 'Brand'],
  ['Variety', 'Variety'],
  ['Subject', 'Subject'],
  ['CertNumber', 'Cert Number'],
  ['CardGrade', 'Card Grade'],
  ['TotalPopulation', 'Total Population'],
  ['LabelType', 'Label Type'],
] as const;

export function CertResult({ result }: { result: CertResponse }) {
  const { cert, images } = result;
  const front = images.find((image) => image.isFront);
  const back = images.find((image) => !image.isFront);
  const [side, setSide] = useState<'front' | 'back'>(front ? 'front' : 'back');
  const shown = side === 'front' ? (front ?? back) : (back ?? front);

  return (
    <section
      aria-labelledby="cert-result-heading"
      className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[minmax(0,16rem)_1fr] sm:p-6"
    >
      <div>
        {shown ? (
          <>
            <img
              src={shown.url}
              alt={`${shown.isFront ? 'Front' : 'Back'} of PSA certificate ${cert.CertNumber}`}
              width={300}
              height={500}
              className="mx-auto aspect-[3/5] w-full max-w-64 rounded-lg bg-slate-100 object-contain"
            />
            {front && back ? (
              <fieldset className="mt-3 flex justify-center">
                <legend className="sr-only">Which side of the card to show</legend>
                <div className="inline-flex rounded-lg bg-slate-100 p-1">
                  {(['front', 'back'] as const).map((option) => (
                    <button
                      key={option}
                      type="button"
                      aria-pressed={side === option}
                      onClick={() => setSide(option)}
                      className={`rounded-md px-4 py-1.5 text-sm font-semibold ${
                        side === option
                          ? 'bg-white text-slate-900 shadow-sm'
                          : 'text-slate-600 hover:text-slate-900'
                      }`}
                    >
                      {option === 'front' ? 'Front' : 'Back'}
                    </button>
                  ))}
                </div>
              </fieldset>
            ) : null}
          </>
        ) : (
          <p className="flex aspect-[3/5] w-full max-w-64 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 p-4 text-center text-sm text-slate-600 sm:mx-auto">
            {MESSAGES.noCertImage}
          </p>
        )}
      </div>

      <div>
        <h2 id="cert-result-heading" className="text-lg font-semibold text-slate-900">
          {cert.Subject || `Certificate ${cert.CertNumber}`}
        </h2>
        <dl className="mt-3 divide-y divide-slate-100 text-sm">
          {FIELDS.map(([key, label]) => (
            <div key={key} className="flex justify-between gap-4 py-2">
              <dt className="text-slate-600">{label}</dt>
              <dd className="text-right font-medium text-slate-900">
                {cert[key] === null || cert[key] === '' ? '—' : String(cert[key])}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
