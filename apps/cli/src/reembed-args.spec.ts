import { parseReembedArgs, progressBar } from './reembed-args';

describe('parseReembedArgs', () => {
  it('reads model, tenant and status', () => {
    expect(parseReembedArgs(['--model', 'hash-256', '--tenant', 't1'])).toEqual({ model: 'hash-256', tenant: 't1', status: false });
    expect(parseReembedArgs(['--status'])).toEqual({ model: null, tenant: null, status: true });
  });

  it('refuses unknown arguments and missing values', () => {
    expect(() => parseReembedArgs(['--modle', 'x'])).toThrow(/unknown argument/);
    expect(() => parseReembedArgs(['--model'])).toThrow(/needs a value/);
  });
});

describe('progressBar', () => {
  it('draws the share done, clamped', () => {
    expect(progressBar(0.5, 10)).toBe('[#####-----]  50.0 %');
    expect(progressBar(2, 4)).toBe('[####] 100.0 %');
  });
});
