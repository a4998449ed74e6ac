import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Memory } from '../../memories/dto/memory.types';

export enum ForgetMode {
  ARCHIVED = 'ARCHIVED',
  DELETED = 'DELETED',
}
registerEnumType(ForgetMode, {
  name: 'ForgetMode',
  description: 'ARCHIVED: hidden from recall, restorable with `restore`. DELETED: gone with its edges.',
});

@ObjectType()
export class ForgetResult {
  @Field(() => ID) memoryId!: string;
  @Field(() => ForgetMode) mode!: ForgetMode;
  @Field(() => Memory, { nullable: true, description: 'The archived memory (null after a hard delete).' })
  memory!: Memory | null;
  @Field(() => Int, { description: 'Edges deleted with the memory (0 when archived).' }) edgesRemoved!: number;
  @Field(() => Boolean, { description: 'A hard delete joined the memory’s temporal-chain predecessor and successor.' })
  chainRepaired!: boolean;
}

@ObjectType({ description: 'What deleteAgent removed.' })
export class DeleteAgentResult {
  @Field(() => ID) agentId!: string;
  @Field(() => Boolean, { description: 'False when only leftovers of an earlier, interrupted delete were removed.' })
  agentDeleted!: boolean;
  @Field(() => Int) memories!: number;
  @Field(() => Int) goals!: number;
  @Field(() => Int) concepts!: number;
  @Field(() => Int, { description: 'All nodes, the agent and the above included.' }) nodes!: number;
  @Field(() => Int) edges!: number;
}

@ObjectType({ description: 'Where to stream an agent’s export from (same API key, GET).' })
export class AgentExportLink {
  @Field(() => ID) agentId!: string;
  @Field(() => String, { description: 'Path on this server, e.g. /agents/ada/export.' }) path!: string;
  @Field(() => String) contentType!: string;
  @Field(() => String, { description: 'POST an export here (as application/x-ndjson) to restore it into a new agent.' })
  importPathTemplate!: string;
}
