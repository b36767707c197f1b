import { SALE_GRADERS, type SaleGrader } from '../sales-constants.ts';
import { type RefusedTitle, refuse } from './title-refusals.ts';
import { type Found, wordPattern } from './title-text.ts';

const GRADER_NAMES: Record<string, SaleGrader> = {
  psa: 'PSA',
  bgs: 'BGS',
  beckett: 'BGS',
  'beckett bgs': 'BGS',
  cgc: 'CGC',
  sgc: 'SGC',
  tag: 'TAG',
};
const GRADER = '(psa|beckett(?: bgs)?|bgs|cgc|sgc|tag)';
/** Label words sellers put between the grader and the number: "PSA GEM MT 10", "BGS Pristine 10". */
const DESCRIPTOR =
  '(?:gem|mint|mt|gem[ -]mt|gem[ -]mint|nm|nm[ -]mt|near mint|ex|ex[ -]mt|vg|vg[ -]ex|good|fair|poor|pristine|graded|grade|black label|gold label|label)';
const GRADE = '(10(?:\\.0)?|[1-9](?:\\.[05])?)(?!\\.[0-9])';
const GRADE_PATTERN = wordPattern(`${GRADER}[ :-]*(?:${DESCRIPTOR}[ -]*){0,3}${GRADE}`, 'g');

/**
 * PSA's qualifiers (off-centre, stain, print defect, out of focus, miscut, marks) follow the grade. A qualified
 * slab sells well below the plain grade, so it is refused rather than counted with it.
 */
const QUALIFIER_AFTER_GRADE = new RegExp(
  `[ -]*(?:${DESCRIPTOR}[ -]*){0,3}(?:\\( ?(oc|st|pd|of|mc|mk) ?\\)|(oc|st|pd|mc|mk)(?![a-z0-9]))`,
  'y',
);

/** The qualifier right after a grade, read in place (sticky) rather than in a copy of the rest of the title. */
function qualifierAfter(text: string, grade: Found): RegExpExecArray | null {
  QUALIFIER_AFTER_GRADE.lastIndex = grade.end;
  return QUALIFIER_AFTER_GRADE.exec(text);
}
const QUALIFIER_WORD = wordPattern('(?<!(?:no|not|without) )qualifi(?:er|ed)');

const UNGRADED = wordPattern(
  'raw|ungraded|un-graded|not graded|candidate|(?:psa|bgs|cgc|grade)[ -]?ready|ready to grade|worthy|gradable|gradeable|potential',
);
const AUTHENTIC = wordPattern(`${GRADER}[ -]?(?:authentic|auth|altered|aa)`);
const OTHER_GRADER = wordPattern(
  `(gma|ace|hga|mnt|ags|ksa|bccg|pca|isa|egs|pgs|arena club)(?: grading)?[ :-]*(?:${DESCRIPTOR}[ -]*){0,3}(?:10|[1-9])`,
);

export interface TitleGrade {
  grader: SaleGrader;
  grade: number;
  /** Where the title says it, so the card rules do not read the grade as a card number. */
  found: Found[];
}

function gradeName(grader: SaleGrader, grade: number): string {
  return `${grader} ${grade}`;
}

/** PSA grades halves only up to 8.5; the other graders grade 1 to 10 in halves. */
function gradeProblem(grader: SaleGrader, grade: number): string | undefined {
  if (grader === 'PSA' && grade > 8.5 && !Number.isInteger(grade))
    return `PSA gives no ${grade}: its half grades stop at 8.5`;
  return undefined;
}

function labelProblem(text: string, grader: SaleGrader, grade: number): string | undefined {
  if (grader === 'BGS' && /black label/.test(text))
    return `a BGS Black Label ${grade}, which sells apart from a plain BGS ${grade}`;
  if (grader === 'CGC' && /pristine/.test(text))
    return `a CGC Pristine ${grade}, which sells apart from a CGC Gem Mint ${grade}`;
  return undefined;
}

export function readGrade(text: string): TitleGrade | RefusedTitle {
  const ungraded = UNGRADED.exec(text);
  if (ungraded)
    return refuse('ungraded', `an ungraded card ("${ungraded[0]}"): Holoscope prices graded slabs`);
  const authentic = AUTHENTIC.exec(text);
  if (authentic)
    return refuse('label', `an Authentic or Altered slab with no number grade ("${authentic[0]}")`);

  const matches = [...text.matchAll(GRADE_PATTERN)];
  if (matches.length === 0) {
    const other = OTHER_GRADER.exec(text);
    if (other)
      return refuse(
        'other-grader',
        `graded by another company ("${other[0]}"): Holoscope covers ${SALE_GRADERS.join(', ')}`,
      );
    return refuse('no-grade', `names no grader and grade from 1 to 10 (${SALE_GRADERS.join(', ')})`);
  }
  const grades = matches.map((match) => ({
    grader: GRADER_NAMES[match[1] as string] as SaleGrader,
    grade: Number(match[2]),
    found: { text: match[0], start: match.index, end: match.index + match[0].length },
  }));
  const distinct = [...new Set(grades.map(({ grader, grade }) => gradeName(grader, grade)))];
  if (distinct.length > 1) return refuse('two-grades', `names more than one grade (${distinct.join(', ')})`);

  const { grader, grade } = grades[0]!;
  const invalid = gradeProblem(grader, grade);
  if (invalid) return refuse('invalid-grade', invalid);
  const qualifier = grades.map(({ found }) => qualifierAfter(text, found)).find(Boolean);
  if (qualifier || QUALIFIER_WORD.test(text)) {
    const code = qualifier ? ` (${(qualifier[1] ?? qualifier[2] ?? '').toUpperCase()})` : '';
    const plain = gradeName(grader, grade);
    return refuse('qualifier', `a qualified ${plain}${code}, which sells apart from a plain ${plain}`);
  }
  const label = labelProblem(text, grader, grade);
  if (label) return refuse('label', label);
  return { grader, grade, found: grades.map(({ found }) => found) };
}
