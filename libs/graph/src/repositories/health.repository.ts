import { Injectable } from '@nestjs/common';
import { Neo4jExecutor } from '../neo4j-executor';

@Injectable()
export class HealthRepository {
  constructor(private readonly db: Neo4jExecutor) {}

  async ping(): Promise<boolean> {
    const rows = await this.db.read<{ ok: number }>('health.ping');
    return rows[0]?.ok === 1;
  }
}
