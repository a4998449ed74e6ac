import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { AffectInput } from '../../common/graphql-types';
import { MemoryFilterInput } from '../../memories/dto/memory-filter.types';
import { Memory } from '../../memories/dto/memory.types';

export enum RecallProfile {
  balanced = 'balanced',
  affective = 'affective',
  salience = 'salience',
  state = 'state',
  semantic = 'semantic',
  lexical = 'lexical',
}
registerEnumType(RecallProfile, {
  name: 'RecallProfile',
  description: 'Named weight profiles (DESIGN §4). `semantic` and `lexical` are plain baselines: never adapted, never cut.',
});

@InputType({ description: 'Weight per signal; missing signals are 0. Normalised to sum to 1 and used as given.' })
export class SignalWeightsInput {
  @Field(() => Float, { nullable: true }) semantic?: number;
  @Field(() => Float, { nullable: true }) lexical?: number;
  @Field(() => Float, { nullable: true }) moodCongruence?: number;
  @Field(() => Float, { nullable: true }) affectProximity?: number;
  @Field(() => Float, { nullable: true }) momentumAlignment?: number;
  @Field(() => Float, { nullable: true }) recency?: number;
  @Field(() => Float, { nullable: true }) frequency?: number;
  @Field(() => Float, { nullable: true }) importance?: number;
  @Field(() => Float, { nullable: true }) emotionalIntensity?: number;
  @Field(() => Float, { nullable: true }) goalRelevance?: number;
  @Field(() => Float, { nullable: true }) priming?: number;
  @Field(() => Float, { nullable: true }) resonance?: number;
  @Field(() => Float, { nullable: true }) circadianCongruence?: number;
  @Field(() => Float, { nullable: true }) sessionContext?: number;
  @Field(() => Float, { nullable: true }) speaker?: number;
  @Field(() => Float, { nullable: true }) namedTime?: number;
  @Field(() => Float, { nullable: true }) episodeLexical?: number;
}

@InputType({ description: 'Spreading activation over resonance edges. Unset fields follow the agent’s energy.' })
export class SpreadInput {
  @Field(() => Boolean, { nullable: true, defaultValue: true, description: 'False turns spreading off.' }) enabled?: boolean;
  @Field(() => Int, { nullable: true, description: "0 … 3; 0 turns spreading off. Default: the agent preset's (2 for `agent`), one fewer while its energy is below 0.3 and one fewer for a question in the present perfect (`what has she read`: its answer lies in several episodes), at least 1." }) hops?: number;
  @Field(() => Int, { nullable: true, description: "Top pass-1 results to spread from, 1 … 50. Default: the agent preset's (10 for `agent`) × 0.5 … 1.5 with energy (15 when rested)." })
  seeds?: number;
  @Field(() => Float, { nullable: true, description: 'Activation below which a memory is dropped, 0 … 1. Default 0.05.' })
  minActivation?: number;
}

@InputType({ description: 'What the caller is doing now, beyond the query’s own words (SRF’s context).' })
export class RecallContextInput {
  @Field(() => [String], {
    nullable: true,
    description:
      'Tags of the current context (trimmed, lower-cased; at most LIMBIC_MAX_TAGS, each 1–64 characters). With the query’s concepts they are the context of the importance signal: importance · (1 + 0.5 · share of the memory’s tags in the context), capped at 1.',
  })
  tags?: string[];
}

@InputType()
export class RecallInput {
  @Field(() => ID) agentId!: string;
  @Field(() => String) query!: string;
  @Field(() => Int, { nullable: true, defaultValue: 10, description: '1 … 100.' }) topK?: number;
  @Field(() => Date, { nullable: true, description: 'The moment to recall at; defaults to now. Lets callers replay history.' })
  now?: Date;
  @Field(() => RecallProfile, {
    nullable: true,
    description:
      'Starting weights. Unset: the start of the query’s type (for open queries the agent preset’s profile, balanced for `agent`; else routed by query type), shifted by what feedback taught the agent for that type.',
  })
  profile?: RecallProfile;
  @Field(() => SignalWeightsInput, { nullable: true, description: 'Explicit weights; override profile and learning.' })
  weights?: SignalWeightsInput;
  @Field(() => AffectInput, { nullable: true, description: 'Affect to match memories against instead of the agent’s current affect.' })
  queryAffect?: AffectInput;
  @Field(() => SpreadInput, { nullable: true }) spread?: SpreadInput;
  @Field(() => Boolean, { nullable: true, defaultValue: false, description: 'Include the per-signal breakdown and activation paths.' })
  explain?: boolean;
  @Field(() => MemoryFilterInput, {
    nullable: true,
    description: 'Only memories that pass this filter: seeds are the true top matches of the filtered set, and spreading activation neither reaches nor passes through a memory outside it.',
  })
  filter?: MemoryFilterInput;
  @Field(() => RecallContextInput, { nullable: true, description: 'The caller’s context: tags that raise the importance of memories tagged with them.' })
  context?: RecallContextInput;
}

@ObjectType({ description: 'One value per recall signal.' })
export class SignalVector {
  @Field(() => Float, {
    description: 'Meaning: the query’s cosine with the memory, placed within the range of this recall’s candidates (1 the closest, 0 the farthest; the range taken as at least 0.25).',
  })
  semantic!: number;
  @Field(() => Float, { description: 'Words: BM25 of the query’s content words over the agent’s own memories, divided by the best candidate’s.' })
  lexical!: number;
  @Field(() => Float) moodCongruence!: number;
  @Field(() => Float) affectProximity!: number;
  @Field(() => Float) momentumAlignment!: number;
  @Field(() => Float) recency!: number;
  @Field(() => Float) frequency!: number;
  @Field(() => Float) importance!: number;
  @Field(() => Float) emotionalIntensity!: number;
  @Field(() => Float) goalRelevance!: number;
  @Field(() => Float) priming!: number;
  @Field(() => Float) resonance!: number;
  @Field(() => Float, { description: 'Memories encoded at a similar hour of day (agent time zone) score higher: (1 + cos(π·d/12)) / 2.' })
  circadianCongruence!: number;
  @Field(() => Float, { description: 'Memories of the current session score 2^(−hours since encoded / 2); others 0.' })
  sessionContext!: number;
  @Field(() => Float, { description: 'Who: 1 when the query names the memory’s speaker (a word of the name is a word of the query), else 0.' })
  speaker!: number;
  @Field(() => Float, {
    description: 'When: 1 when the memory happened within a time the query names (a date, a month, a season with a year, a year; ±1 day for a date; the agent’s time zone), else 0.',
  })
  namedTime!: number;
  @Field(() => Float, {
    description: 'The query’s words in the memory’s episode: BM25 of the memory with up to two memories either side of it on the timeline (no idle gap longer than the agent’s session gap between them), relative to the best among the candidates.',
  })
  episodeLexical!: number;
}

@ObjectType({ description: 'The strongest spreading-activation path that reached a memory. A seed counts half its own pass-1 score as a path of itself alone (no edge) when no walk from another seed brings it more.' })
export class ActivationPath {
  @Field(() => ID) seedId!: string;
  @Field(() => Float) activation!: number;
  @Field(() => [ID], { description: 'Memory ids from the seed to this memory, both included.' }) path!: string[];
  @Field(() => [String], { description: 'Edge types along the path.' }) edgeTypes!: string[];
}

@ObjectType()
export class RecallExplanation {
  @Field(() => SignalVector) weights!: SignalVector;
  @Field(() => SignalVector, { description: 'Raw signals, each in [0, 1].' }) signals!: SignalVector;
  @Field(() => SignalVector, { description: 'weight × signal; sums to the score.' }) weighted!: SignalVector;
  @Field(() => ActivationPath, { nullable: true }) activation!: ActivationPath | null;
  @Field(() => Boolean, {
    description: 'True when the global workspace suppresses this memory: a competitor the focus beat, which cannot take the workspace until the focus expires.',
  })
  suppressed!: boolean;
}

@ObjectType()
export class RecallItem {
  @Field(() => Memory) memory!: Memory;
  @Field(() => Float) score!: number;
  @Field(() => Int, { description: '1-based; the same as pass2Rank.' }) rank!: number;
  @Field(() => Int, { nullable: true, description: 'Rank in pass 1; null when the memory joined through spreading activation.' })
  pass1Rank!: number | null;
  @Field(() => Int) pass2Rank!: number;
  @Field(() => RecallExplanation, { nullable: true, description: 'Only with explain: true.' }) explanation!: RecallExplanation | null;
}

@ObjectType({ description: 'The content of the agent’s global workspace: a memory that ignited and holds it for its TTL.' })
export class WorkspaceFocus {
  @Field(() => Memory) memory!: Memory;
  @Field(() => Date, { description: 'The recall instant it ignited at.' }) since!: Date;
  @Field(() => Date, { description: 'When it stops holding the workspace (since + 5 minutes), unless a challenger beats it first.' }) expiresAt!: Date;
  @Field(() => Float, { description: 'The score it ignited with: a challenger must beat it (or its score now, if higher) by 0.1.' }) score!: number;
  @Field(() => Boolean, { description: 'True when this recall ignited it (or it took the workspace over); false when it was held from an earlier recall.' })
  ignited!: boolean;
}

@ObjectType()
export class RecallResult {
  @Field(() => ID, { description: 'Identifies this recall for feedback and its effects job.' }) recallId!: string;
  @Field(() => [RecallItem]) items!: RecallItem[];
  @Field(() => SignalVector, { description: 'The weights this recall used.' }) weights!: SignalVector;
  @Field(() => String, {
    description:
      'How the weights were made: override (given), profile (named), preset (the agent preset’s profile, for open queries), routed (by query type), learned (preset or routed, shifted by feedback on this query type) or default.',
  })
  weightSource!: string;
  @Field(() => String, { description: 'The query type the classifier saw.' }) queryType!: string;
  @Field(() => Int, {
    description: 'How many results the energy cut removed from the top K: a tired agent returns fewer, and says how many fewer. 0 when rested or with a baseline profile.',
  })
  energyCut!: number;
  @Field(() => WorkspaceFocus, {
    nullable: true,
    description:
      'The global workspace’s focus after this recall: a memory ignites when its score exceeds 0.4 and leads the runner-up by 0.1, then holds the workspace recall after recall for its TTL unless a challenger beats it by 0.1; it is broadcast (its concepts primed, its neighbours lifted in the next recalls). Null when the workspace is empty.',
  })
  focus!: WorkspaceFocus | null;
  @Field(() => Float) tookMs!: number;
}
