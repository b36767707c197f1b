import { Star } from 'lucide-react';
import { EmptyState, ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { useConsignmentAgents } from '#web/features/consignment/api/consignment-agents.ts';

/** The three trusted consignment agents, each with rating, specialties and fee. */
export function ConsignAgents() {
  const agents = useConsignmentAgents();
  return (
    <section aria-labelledby="agents-heading" className="space-y-3">
      <h2 id="agents-heading" className="text-lg font-semibold text-slate-900">
        Consignment agents
      </h2>
      {agents.isPending ? (
        <Spinner label="Loading agents…" />
      ) : agents.isError ? (
        <ErrorNotice message={agents.error.message} onRetry={() => void agents.refetch()} />
      ) : agents.data.agents.length === 0 ? (
        <EmptyState>No consignment agents are listed right now.</EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-3">
          {agents.data.agents.map((agent) => (
            <li key={agent.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start justify-between gap-3">
                <h3 className="font-semibold text-slate-900">{agent.name}</h3>
                <p className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-slate-800">
                  <Star className="size-4 fill-gold text-amber-500" aria-hidden />
                  <span className="sr-only">Rating </span>
                  {agent.rating}/{agent.ratingMax}
                </p>
              </div>
              <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`${agent.name} specialties`}>
                {agent.specialties.map((specialty) => (
                  <li
                    key={specialty}
                    className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700"
                  >
                    {specialty}
                  </li>
                ))}
              </ul>
              <p className="mt-3 text-sm text-slate-600">
                Fee <span className="font-semibold text-slate-900">{agent.fee}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
