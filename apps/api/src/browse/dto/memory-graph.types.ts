import { Field, Float, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Memory } from '../../memories/dto/memory.types';

export enum EdgeType {
  SEMANTIC = 'SEMANTIC',
  EMOTIONAL = 'EMOTIONAL',
  TEMPORAL = 'TEMPORAL',
  CAUSAL = 'CAUSAL',
  CONTRASTIVE = 'CONTRASTIVE',
}
registerEnumType(EdgeType, { name: 'EdgeType', description: 'The kinds of resonance edge between two memories of an agent (DESIGN §5).' });

@ObjectType({ description: 'A resonance edge of a memory and the memory at its other end.' })
export class MemoryNeighbour {
  @Field(() => EdgeType) type!: EdgeType;
  @Field(() => Float, { description: 'Strength, 0 … 1: set at linking, raised by co-recall, decayed by consolidation.' }) weight!: number;
  @Field(() => Boolean, { description: 'True when the edge was created from this memory to the other (creation order; recall ignores direction).' })
  outgoing!: boolean;
  @Field(() => Int, { description: 'How often the two were recalled together since the edge was made.' }) coActivations!: number;
  @Field(() => Date, { nullable: true }) createdAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'Last strengthened by co-recall (its creation until then).' }) strengthenedAt!: Date | null;
  @Field(() => Memory) memory!: Memory;
}
