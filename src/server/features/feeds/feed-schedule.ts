import { Cron } from 'croner';
import { MIN_MINUTES_BETWEEN_RUNS } from '#shared/schemas/feeds.ts';

/** A feed's schedule: cron syntax with five fields (minute precision), in UTC. */
function cronOf(schedule: string): Cron {
  return new Cron(schedule, { paused: true, timezone: 'UTC', mode: '5-part' });
}

/** Runs in a day when they are MIN_MINUTES_BETWEEN_RUNS apart: one more than this spans a whole day. */
const MOST_RUNS_A_DAY = (24 * 60) / MIN_MINUTES_BETWEEN_RUNS;

/**
 * The shortest time between two runs of the schedule, in minutes, if it is under the minimum. Minutes and hours
 * alone set the times of a day, so they are walked on a schedule of every day: a day's runs and the step into
 * the next day. Checked on every day, where the schedule itself may skip days, so it errs on the safe side.
 */
function tooClose(schedule: string): number | undefined {
  const [minute, hour] = schedule.trim().split(/\s+/);
  const daily = cronOf(`${minute} ${hour} * * *`);
  let previous = daily.nextRun(new Date(Date.UTC(2000, 0, 1)));
  for (let run = 0; previous && run < MOST_RUNS_A_DAY; run++) {
    const next = daily.nextRun(previous);
    if (!next) return undefined;
    const minutes = (next.getTime() - previous.getTime()) / 60_000;
    if (minutes < MIN_MINUTES_BETWEEN_RUNS) return minutes;
    previous = next;
  }
  return undefined;
}

/** Why the schedule cannot be used, or undefined when it can. */
export function scheduleProblem(schedule: string): string | undefined {
  try {
    if (!cronOf(schedule).nextRun()) return 'This schedule never runs.';
  } catch (error) {
    const detail = (error as Error).message.replace(/^CronPattern: /, '');
    return `The schedule is not valid cron syntax: ${detail}`;
  }
  const gap = tooClose(schedule);
  if (gap === undefined) return undefined;
  return `A feed runs at most every ${MIN_MINUTES_BETWEEN_RUNS} minutes; this schedule has runs ${gap === 1 ? '1 minute' : `${gap} minutes`} apart.`;
}

/** The first time after `after` that the schedule names, ISO 8601. */
export function nextRunAfter(schedule: string, after: Date): string | null {
  return cronOf(schedule).nextRun(after)?.toISOString() ?? null;
}

/**
 * The run after one that was due at `due`, found at `now`: never sooner than the minimum time after it, which
 * also holds for a feed whose schedule was stored before the minimum was checked.
 */
export function nextScheduledRun(schedule: string, due: string, now: Date): string | null {
  const soonest = Date.parse(due) + MIN_MINUTES_BETWEEN_RUNS * 60_000 - 1;
  return nextRunAfter(schedule, new Date(Math.max(now.getTime(), soonest)));
}
