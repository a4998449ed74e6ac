import { Field, ObjectType, registerEnumType } from '@nestjs/graphql';
import type { MemoryListFilter } from '@limbic/graph';
import { Agent } from '../../agents/dto/agent.types';
import { Memory } from '../../memories/dto/memory.types';

export enum MemoryOrder {
  OCCURRED_AT_DESC = 'OCCURRED_AT_DESC',
  OCCURRED_AT_ASC = 'OCCURRED_AT_ASC',
}
registerEnumType(MemoryOrder, { name: 'MemoryOrder', description: 'By occurredAt, memories at the same instant by id: newest first (DESC) or oldest first (ASC).' });

@ObjectType()
export class PageInfo {
  @Field(() => Boolean) hasNextPage!: boolean;
  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page; null when the page is empty.' }) endCursor!: string | null;
}

@ObjectType()
export class MemoryEdge {
  @Field(() => String) cursor!: string;
  @Field(() => Memory) node!: Memory;
}

@ObjectType({ description: 'A page of an agent’s memories.' })
export class MemoryConnection {
  @Field(() => [MemoryEdge]) edges!: MemoryEdge[];
  @Field(() => PageInfo) pageInfo!: PageInfo;
  /** What totalCount counts (resolved only when selected). */
  counted!: { readonly tenantId: string; readonly agentId: string; readonly filter: MemoryListFilter };
}

@ObjectType()
export class AgentEdge {
  @Field(() => String) cursor!: string;
  @Field(() => Agent) node!: Agent;
}

@ObjectType({ description: 'A page of the tenant’s agents, by id.' })
export class AgentConnection {
  @Field(() => [AgentEdge]) edges!: AgentEdge[];
  @Field(() => PageInfo) pageInfo!: PageInfo;
}
