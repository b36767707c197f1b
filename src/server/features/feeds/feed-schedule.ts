import { Cron } from 'croner';

/** A feed's schedule: cron syntax with five fields (minute precision), in UTC. */
function cronOf(schedule: string): Cron {
  return new Cron(schedule, { paused: true, timezone: 'UTC', mode: '5-part' });
}

/** Why the schedule cannot be used, or undefined when it can. */
export function scheduleProblem(schedule: string): string | undefined {
  try {
    return cronOf(schedule).nextRun() ? undefined : 'This schedule never runs.';
  } catch (error) {
    const detail = (error as Error).message.replace(/^CronPattern: /, '');
    return `The schedule is not valid cron syntax: ${detail}`;
  }
}

/** The first time after `after` that the schedule names, ISO 8601. */
export function nextRunAfter(schedule: string, after: Date): string | null {
  return cronOf(schedule).nextRun(after)?.toISOString() ?? null;
}
