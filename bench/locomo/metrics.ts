import { mean, type Metrics, type Scores } from '../common/metrics';
import { CATEGORIES, type Category } from './dataset';

export interface Breakdown {
  readonly overall: Metrics;
  readonly perCategory: Record<string, Metrics>;
}

/** Means overall and per LoCoMo category (keyed by the category's name). */
export function breakdown(rows: readonly { category: Category; scores: Scores }[]): Breakdown {
  const perCategory: Record<string, Metrics> = {};
  for (const [c, name] of Object.entries(CATEGORIES)) {
    perCategory[name] = mean(rows.filter((r) => r.category === Number(c)).map((r) => r.scores));
  }
  return { overall: mean(rows.map((r) => r.scores)), perCategory };
}
