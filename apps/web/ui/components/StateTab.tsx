import type { ReactNode } from 'react';
import { ops } from '../lib/client';
import { useAsync } from '../lib/use-async';
import { AffectSpace } from './AffectSpace';
import { HistoryChart } from './HistoryChart';
import { EnergyGauge, GoalList, PrimedConcepts } from './StateGauges';
import { Loaded } from './Status';

type Agent = ops.AgentStateFieldsFragment;

/** The agent's state now, and over time. */
export function StateTab({ agent, onRefresh }: { agent: Agent; onRefresh: () => void }): ReactNode {
  return (
    <div className="state">
      <section className="card">
        <h3>
          Affect and mood <button type="button" className="small" onClick={onRefresh}>refresh</button>
        </h3>
        <AffectSpace affect={agent.affect} mood={agent.mood} momentum={agent.momentum} />
        <dl className="facts">
          <dt>affect</dt>
          <dd>
            v {agent.affect.valence.toFixed(3)} · a {agent.affect.arousal.toFixed(3)} · d {agent.affect.dominance.toFixed(3)}
          </dd>
          <dt>mood</dt>
          <dd data-testid="mood-text">
            v {agent.mood.valence.toFixed(3)} · a {agent.mood.arousal.toFixed(3)} · d {agent.mood.dominance.toFixed(3)}
          </dd>
          <dt>momentum / h</dt>
          <dd>
            dv {agent.momentum.dv.toFixed(3)} · da {agent.momentum.da.toFixed(3)} · dd {agent.momentum.dd.toFixed(3)}
          </dd>
        </dl>
        <p className="muted small-print">Filled dot: affect now · ring: mood · arrow: momentum over the next hour.</p>
      </section>
      <section className="card">
        <h3>Energy</h3>
        <EnergyGauge energy={agent.energy} />
        <h3>Goals</h3>
        <GoalList goals={agent.goals} />
        <h3>Primed concepts</h3>
        <PrimedConcepts concepts={agent.primedConcepts} />
      </section>
      <section className="card wide">
        <h3>Over time</h3>
        <History agent={agent} />
      </section>
    </div>
  );
}

/** The newest samples the graph keeps (one per state change, coalesced per minute by default). */
const HISTORY_SAMPLES = 200;

function History({ agent }: { agent: Agent }): ReactNode {
  // Keyed on the agent object: a refresh of the state loads the history again too.
  const history = useAsync((api) => api.run(ops.AgentStateHistoryDocument, { id: agent.id, first: HISTORY_SAMPLES }), [agent]);
  return (
    <Loaded state={history}>
      {({ agent: a }) => (
        <>
          <HistoryChart samples={a.stateHistory} />
          <p className="muted small-print">
            {a.stateHistory.length} sample{a.stateHistory.length === 1 ? '' : 's'}
            {a.stateHistory.length === HISTORY_SAMPLES ? ` (the newest ${HISTORY_SAMPLES})` : ''}; hover a point for its time and cause.
          </p>
        </>
      )}
    </Loaded>
  );
}
