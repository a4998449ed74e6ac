/** A bare GraphQL-over-HTTP client and just enough introspection to adapt to the API's schema. */

export class GraphqlError extends Error {
  constructor(
    message: string,
    readonly codes: readonly string[],
  ) {
    super(message);
    this.name = 'GraphqlError';
  }
}

export class GraphqlClient {
  constructor(
    readonly url: string,
    private readonly apiKey?: string,
    private readonly timeoutMs = 120_000,
  ) {}

  async request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    const res = await fetch(this.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await res.text();
    let body: { data?: T | null; errors?: { message: string; extensions?: { code?: string } }[] };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new GraphqlError(`HTTP ${res.status} from ${this.url}: ${text.slice(0, 300)}`, []);
    }
    if (body.errors?.length || !body.data) {
      const errors = body.errors ?? [];
      throw new GraphqlError(
        errors.map((e) => `${e.extensions?.code ?? 'ERROR'}: ${e.message}`).join('; ') || `HTTP ${res.status} without data`,
        errors.map((e) => e.extensions?.code ?? 'ERROR'),
      );
    }
    return body.data;
  }
}

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface IntroField {
  name: string;
  type: TypeRef;
  args?: { name: string; type: TypeRef }[];
}
interface IntroType {
  name: string;
  kind: string;
  fields: IntroField[] | null;
  inputFields: IntroField[] | null;
  enumValues: { name: string }[] | null;
}

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';
const INTROSPECTION = `query BenchIntrospection {
  __schema {
    mutationType { name }
    queryType { name }
    types {
      name kind
      fields { name type { ${TYPE_REF} } args { name type { ${TYPE_REF} } } }
      inputFields { name type { ${TYPE_REF} } }
      enumValues { name }
    }
  }
}`;

/** The parts of the API's schema the benchmark adapts to. */
export class SchemaInfo {
  private constructor(
    private readonly types: ReadonlyMap<string, IntroType>,
    private readonly mutationType: string | null,
    private readonly queryType: string | null,
  ) {}

  static async load(client: GraphqlClient): Promise<SchemaInfo> {
    const data = await client.request<{
      __schema: { mutationType: { name: string } | null; queryType: { name: string } | null; types: IntroType[] };
    }>(INTROSPECTION);
    const s = data.__schema;
    return new SchemaInfo(new Map(s.types.map((t) => [t.name, t])), s.mutationType?.name ?? null, s.queryType?.name ?? null);
  }

  /** The named type under NON_NULL / LIST wrappers. */
  static named(t: TypeRef): string {
    let cur: TypeRef | null = t;
    while (cur && !cur.name) cur = cur.ofType;
    return cur?.name ?? '';
  }

  private field(typeName: string | null, name: string): IntroField | undefined {
    return typeName ? this.types.get(typeName)?.fields?.find((f) => f.name === name) : undefined;
  }

  mutation(name: string): IntroField | undefined {
    return this.field(this.mutationType, name);
  }

  query(name: string): IntroField | undefined {
    return this.field(this.queryType, name);
  }

  /** The input type of an operation's argument, e.g. (`recall`, `input`) → `RecallInput`. */
  argType(op: IntroField | undefined, arg: string): string | null {
    const a = op?.args?.find((x) => x.name === arg);
    return a ? SchemaInfo.named(a.type) : null;
  }

  inputFields(typeName: string | null): Map<string, string> {
    const t = typeName ? this.types.get(typeName) : undefined;
    return new Map((t?.inputFields ?? []).map((f) => [f.name, SchemaInfo.named(f.type)]));
  }

  outputFields(typeName: string | null): Set<string> {
    const t = typeName ? this.types.get(typeName) : undefined;
    return new Set((t?.fields ?? []).map((f) => f.name));
  }

  enumValues(typeName: string | null): Set<string> {
    const t = typeName ? this.types.get(typeName) : undefined;
    return new Set((t?.enumValues ?? []).map((v) => v.name));
  }

  kind(typeName: string): string | undefined {
    return this.types.get(typeName)?.kind;
  }
}
