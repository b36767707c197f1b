import type { PopulationsResponse } from '#shared/schemas/valuation.ts';

/** The population chart's height in pixels, kept by its placeholder too so nothing moves when it draws. */
export const POPULATION_CHART_HEIGHT = 160;

type Observation = PopulationsResponse['observations'][number];

/** A PSA grade's observations, oldest day first. */
export interface GradeHistory {
  grade: number;
  days: Observation[];
}

/**
 * The grades with a history to draw: observations on two days or more, highest grade first. A grade seen on
 * one day only has no change to show and is left out, so no line is ever drawn through a figure not observed.
 */
export function gradeHistories(observations: readonly Observation[]): GradeHistory[] {
  const byGrade = new Map<number, Observation[]>();
  for (const observation of observations) {
    const days = byGrade.get(observation.grade) ?? [];
    days.push(observation);
    byGrade.set(observation.grade, days);
  }
  return [...byGrade]
    .filter(([, days]) => days.length > 1)
    .map(([grade, days]) => ({
      grade,
      days: days.toSorted((a, b) => a.observedOn.localeCompare(b.observedOn)),
    }))
    .sort((a, b) => b.grade - a.grade);
}
