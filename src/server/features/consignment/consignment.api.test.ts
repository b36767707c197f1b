import { describe, expect, it } from 'vitest';
import { ConsignmentAgentsResponseSchema } from '#shared/schemas/sales.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

describe('GET /api/consignment-agents', () => {
  const t = useTestApp();

  it('lists the three agents with their ratings of 5 and fees', async () => {
    const response = await t.app.inject('/api/consignment-agents');
    expect(response.statusCode).toBe(200);
    const { agents } = ConsignmentAgentsResponseSchema.parse(response.json());
    expect(agents.map((agent) => [agent.rating, agent.ratingMax, agent.fee])).toEqual([
      [4.9, 5, '10-15%'],
      [4.8, 5, '12%'],
      [4.7, 5, '8-14%'],
    ]);
    for (const agent of agents) {
      expect(agent.name.length).toBeGreaterThan(3);
      expect(agent.specialties.length).toBeGreaterThan(0);
    }
    expect(new Set(agents.map((agent) => agent.id)).size).toBe(3);
  });
});
