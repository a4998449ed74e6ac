/** `npm run reembed -- [--model M] [--tenant T] [--status]`. */
export interface ReembedArgs {
  readonly model: string | null;
  readonly tenant: string | null;
  readonly status: boolean;
}

export function parseReembedArgs(argv: readonly string[]): ReembedArgs {
  let model: string | null = null;
  let tenant: string | null = null;
  let status = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--model') model = value();
    else if (arg === '--tenant') tenant = value();
    else if (arg === '--status') status = true;
    else throw new Error(`unknown argument ${arg ?? ''}; usage: npm run reembed -- [--model bge-small-en-v1.5|all-MiniLM-L6-v2|hash-<dim>] [--tenant T] [--status]`);
  }
  return { model, tenant, status };
}

/** `[#####-----]  42.0 %  embedding  1,234/3,000` */
export function progressBar(ratio: number, width = 30): string {
  const r = Math.min(1, Math.max(0, ratio));
  const full = Math.round(r * width);
  return `[${'#'.repeat(full)}${'-'.repeat(width - full)}] ${(r * 100).toFixed(1).padStart(5)} %`;
}
