// What other features may use of analysis: they import it from here, never from its other modules.
export type { AnalysisContext } from './analysis.service.ts';
export { type CohortValue, weekEnds } from './cohort-value.ts';
export { toSlabEstimate } from './slab-estimate.ts';
export { cohortValueOf, estimateJson, ladderJson } from './valuation.service.ts';
