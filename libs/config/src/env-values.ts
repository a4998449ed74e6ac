import { z } from 'zod';

/** The value kinds environment variables hold; each schema turns the text into its typed value. */

export const TENANT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

export const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const fraction = z.coerce.number().min(0).max(1);

export const url = (protocols: readonly string[]) =>
  z
    .string()
    .url()
    .refine((v) => protocols.some((p) => v.startsWith(`${p}://`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

/** A base URL without its trailing slashes (callers append paths such as `/embeddings`). */
export const baseUrl = (protocols: readonly string[]) => url(protocols).transform((v) => v.replace(/\/+$/, ''));

const commaList = (raw: string): string[] =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** `host:port,host:port`: at least one, each port in range. */
export const hostPorts = z
  .string()
  .transform(commaList)
  .pipe(
    z
      .array(
        z.string().transform((entry, ctx) => {
          const m = /^([^\s:]+|\[[0-9a-fA-F:]+\]):(\d{1,5})$/.exec(entry);
          const port = m ? Number(m[2]) : 0;
          if (!m || port < 1 || port > 65535) {
            ctx.addIssue({ code: 'custom', message: `"${entry}" is not host:port` });
            return z.NEVER;
          }
          return { host: m[1]!.replace(/^\[|\]$/g, ''), port };
        }),
      )
      .min(1, 'needs at least one host:port'),
  );

/** Comma-separated tenant ids; empty: none listed. */
export const tenantList = z
  .string()
  .default('')
  .transform((raw, ctx) => {
    const tenants = commaList(raw);
    const bad = tenants.find((t) => !TENANT_ID.test(t));
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `tenant "${bad}" must match ${TENANT_ID.source}` });
    return tenants;
  });

/** `key:tenant` pairs separated by commas, keys of at least 8 characters; empty: single-tenant mode. */
export const apiKeys = z
  .string()
  .default('')
  .transform((raw, ctx): ReadonlyMap<string, string> => {
    const keys = new Map<string, string>();
    for (const entry of commaList(raw)) {
      const sep = entry.lastIndexOf(':');
      const key = sep > 0 ? entry.slice(0, sep) : '';
      const tenant = sep > 0 ? entry.slice(sep + 1) : '';
      if (key.length < 8) {
        ctx.addIssue({ code: 'custom', message: 'each entry must be `key:tenant` with a key of at least 8 characters' });
        continue;
      }
      if (!TENANT_ID.test(tenant)) {
        ctx.addIssue({ code: 'custom', message: `tenant "${tenant}" must match ${TENANT_ID.source}` });
        continue;
      }
      if (keys.has(key)) ctx.addIssue({ code: 'custom', message: 'a key appears twice' });
      keys.set(key, tenant);
    }
    return keys;
  });

/**
 * A JSON document checked against `shape`; empty text is `empty`. `expected` names the shape in
 * the message an operator sees when the JSON does not fit it.
 */
export const json = <T>(shape: z.ZodType<T>, empty: T, expected: string) =>
  z
    .string()
    .default('')
    .transform((raw, ctx): T => {
      if (raw.trim() === '') return empty;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not valid JSON' });
        return z.NEVER;
      }
      const checked = shape.safeParse(parsed);
      if (!checked.success) {
        ctx.addIssue({ code: 'custom', message: `must be ${expected}` });
        return z.NEVER;
      }
      return checked.data;
    });
