import { useId } from 'react';
import { type GradeChoice, isSaleGrader, type SaleGrader } from '#shared/sales-constants.ts';
import type { AnalysisResponse } from '#shared/schemas/sales.ts';
import { formatCount } from '#web/lib/format.ts';

const gradeValue = (choice: GradeChoice) => `${choice.grader}|${choice.grade}`;

function parseGradeValue(value: string): GradeChoice | null {
  const [grader = '', grade = ''] = value.split('|');
  return isSaleGrader(grader) && grade !== '' ? { grader, grade: Number(grade) } : null;
}

interface GradeFilterProps {
  options: AnalysisResponse['gradeOptions'];
  value: GradeChoice | null;
  onChange: (choice: GradeChoice | null) => void;
}

/** "All grades" or one grading company and grade, with how many sales each has in the period. */
export function GradeFilter({ options, value, onChange }: GradeFilterProps) {
  const id = useId();
  const choices = options
    .filter((option) => isSaleGrader(option.grader))
    .map((option) => ({ grader: option.grader as SaleGrader, grade: option.grade, count: option.count }));
  // A grade from the URL with no sales in this period stays selectable, so the select shows what is applied.
  if (value && !choices.some((choice) => gradeValue(choice) === gradeValue(value))) {
    choices.push({ ...value, count: 0 });
  }
  choices.sort((a, b) => a.grader.localeCompare(b.grader) || b.grade - a.grade);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-semibold tracking-wide text-slate-600 uppercase">
        Grade
      </label>
      <select
        id={id}
        value={value ? gradeValue(value) : ''}
        onChange={(event) => onChange(parseGradeValue(event.target.value))}
        className="h-9 rounded-lg border border-slate-300 bg-white px-3 pr-8 text-sm text-slate-800"
      >
        <option value="">All grades</option>
        {choices.map((choice) => (
          <option key={gradeValue(choice)} value={gradeValue(choice)}>
            {choice.grader} {choice.grade} ({formatCount(choice.count)})
          </option>
        ))}
      </select>
    </div>
  );
}
