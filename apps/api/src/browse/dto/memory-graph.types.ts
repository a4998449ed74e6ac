import { Field, Float, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
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

@ObjectType()
export class NeighborhoodNode {
  @Field(() => Memory) memory!: Memory;
  @Field(() => Int, { description: 'Edges from the centre on the shortest path found (0 for the centre).' }) hops!: number;
}

@ObjectType({ description: 'A resonance edge between two memories of a neighborhood, in its stored direction (creation order).' })
export class NeighborhoodEdge {
  @Field(() => ID) from!: string;
  @Field(() => ID) to!: string;
  @Field(() => EdgeType) type!: EdgeType;
  @Field(() => Float) weight!: number;
}

@ObjectType({ description: 'The memories within a few edges of one memory and the edges among them, for drawing.' })
export class Neighborhood {
  @Field(() => ID) centerId!: string;
  @Field(() => [NeighborhoodNode], { description: 'The centre first, then ring by ring, each ring strongest edge first.' }) nodes!: NeighborhoodNode[];
  @Field(() => [NeighborhoodEdge], { description: 'Every edge of the asked types between two of the nodes.' }) edges!: NeighborhoodEdge[];
  @Field(() => Boolean, { description: 'True when maxNodes cut memories that were within depth.' }) truncated!: boolean;
}
