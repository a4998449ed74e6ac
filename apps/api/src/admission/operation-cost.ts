import {
  getNamedType,
  isObjectType,
  Kind,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
  valueFromASTUntyped,
} from 'graphql';
import { DEFAULT_FIELD_COST, type FieldCost } from './field-costs';

export interface OperationCost {
  readonly total: number;
  /** The field (`Type.field`) that contributed most, with how often it occurs: for the refusal message. */
  readonly heaviest: { readonly field: string; readonly occurrences: number; readonly cost: number } | null;
}

export interface CostInput {
  readonly schema: GraphQLSchema;
  readonly operation: OperationDefinitionNode;
  readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>;
  /** The request's raw variables: a list argument given as a variable is charged by its length. */
  readonly variables: Readonly<Record<string, unknown>>;
  readonly costs: ReadonlyMap<string, FieldCost>;
}

/**
 * The cost of running an operation, known before anything runs: the sum over every field
 * occurrence (an alias is another occurrence; fragments are expanded where they are spread).
 * Fields not in the table cost DEFAULT_FIELD_COST. A table field beneath fan-out fields (lists
 * of up to n elements, FieldCost.fanOut) is charged once per element of each. The walk expands fragments exactly as the
 * selection-limit validation rule counts fields, which has already bounded it; a fragment that
 * spreads itself is expanded once per path (validation refuses such documents anyway).
 */
export function operationCost({ schema, operation, fragments, variables, costs }: CostInput): OperationCost {
  let total = 0;
  const byField = new Map<string, { occurrences: number; cost: number }>();

  /**
   * `times`: how often each table field here is charged (the product of the fan-outs above);
   * `toElements`: the rest of the selection path from a fan-out field down to its elements,
   * under which `times` is multiplied by `elementCount`.
   */
  const visit = (set: SelectionSetNode, parent: GraphQLNamedType | undefined, seen: ReadonlySet<string>, times: number, toElements: FanOutPath | null): void => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const fields = parent && isObjectType(parent) ? parent.getFields() : undefined;
        const def = fields?.[sel.name.value];
        const key = `${parent?.name ?? '?'}.${sel.name.value}`;
        const entry = costs.get(key);
        let cost = entry?.base ?? DEFAULT_FIELD_COST;
        if (entry?.perItem) {
          const arg = sel.arguments?.find((a) => a.name.value === entry.perItem?.arg)?.value;
          cost += entry.perItem.cost * itemCount(arg, entry.perItem.path, variables);
        }
        let below: FanOutPath | null = null;
        if (entry?.fanOut) {
          const arg = sel.arguments?.find((a) => a.name.value === entry.fanOut?.arg)?.value;
          const elementCount = fanOutSize(arg, entry.fanOut, variables);
          cost += Math.ceil(entry.fanOut.perElement * elementCount);
          below = { rest: entry.fanOut.elements, elementCount };
        }
        if (entry) cost *= times;
        total += cost;
        if (entry) {
          const seenField = byField.get(key) ?? { occurrences: 0, cost: 0 };
          byField.set(key, { occurrences: seenField.occurrences + 1, cost: seenField.cost + cost });
        }
        if (sel.selectionSet) {
          // Entering a fan-out's elements multiplies; any other field leaves its path.
          let [childTimes, childPath] = [times, null as FanOutPath | null];
          if (toElements && toElements.rest[0] === sel.name.value) childPath = { ...toElements, rest: toElements.rest.slice(1) };
          if (below) childPath = below;
          if (childPath && childPath.rest.length === 0) [childTimes, childPath] = [times * childPath.elementCount, null];
          visit(sel.selectionSet, def ? getNamedType(def.type) : undefined, seen, childTimes, childPath);
        }
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        visit(sel.selectionSet, sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : parent, seen, times, toElements);
      } else {
        const name = sel.name.value;
        const fragment = fragments[name];
        if (fragment && !seen.has(name)) {
          visit(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value) ?? undefined, new Set([...seen, name]), times, toElements);
        }
      }
    }
  };
  visit(operation.selectionSet, schema.getRootType(operation.operation) ?? undefined, new Set(), 1, null);

  let heaviest: OperationCost['heaviest'] = null;
  for (const [field, { occurrences, cost }] of byField) {
    if (!heaviest || cost > heaviest.cost) heaviest = { field, occurrences, cost };
  }
  return { total, heaviest };
}

interface FanOutPath {
  readonly rest: readonly string[];
  readonly elementCount: number;
}

/** How many elements a fan-out field can return, from its argument (literal or variables), within 0 … max. */
function fanOutSize(value: ValueNode | undefined, fanOut: NonNullable<FieldCost['fanOut']>, variables: Readonly<Record<string, unknown>>): number {
  let v: unknown = value === undefined ? undefined : valueFromASTUntyped(value, variables);
  for (const key of fanOut.path) v = v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[key] : undefined;
  let n = fanOut.default;
  if (fanOut.size === 'int' && typeof v === 'number' && Number.isFinite(v)) n = Math.floor(v);
  if (fanOut.size === 'length' && v !== undefined && v !== null) n = Array.isArray(v) ? v.length : 1;
  return Math.min(fanOut.max, Math.max(0, n));
}

/**
 * Elements of the list at `path` inside an argument, following literals and variables alike.
 * A single value where a list is expected counts as one (GraphQL coerces it to a list of one).
 */
function itemCount(value: ValueNode | undefined, path: readonly string[], variables: Readonly<Record<string, unknown>>): number {
  if (value === undefined || value.kind === Kind.NULL) return 0;
  if (value.kind === Kind.VARIABLE) return jsonItemCount(variables[value.name.value], path);
  const [head, ...rest] = path;
  if (head === undefined) return value.kind === Kind.LIST ? value.values.length : 1;
  if (value.kind !== Kind.OBJECT) return 0;
  return itemCount(value.fields.find((f) => f.name.value === head)?.value, rest, variables);
}

function jsonItemCount(value: unknown, path: readonly string[]): number {
  if (value === undefined || value === null) return 0;
  const [head, ...rest] = path;
  if (head === undefined) return Array.isArray(value) ? value.length : 1;
  if (typeof value !== 'object' || Array.isArray(value)) return 0;
  return jsonItemCount((value as Record<string, unknown>)[head], rest);
}
