// The HTML report's page, without a browser: self-contained, escaped, deterministic.
import { describe, expect, it } from 'vitest';
import { chartLibraries, renderHtmlReport } from '../../src/sim/report/html.ts';
import { study } from './support.ts';

describe('renderHtmlReport', () => {
  it('inlines d3 and Plot and loads nothing from elsewhere', async () => {
    const { report } = await study(10);
    const html = renderHtmlReport(report);
    const { d3, plot } = chartLibraries();
    expect(d3).toMatch(/^\/\/ https:\/\/d3js\.org v7/);
    expect(plot).toMatch(/^\/\/ @observablehq\/plot v0\.6/);
    expect(html).toContain(d3);
    expect(html).toContain(plot);
    expect(html).toContain("default-src 'none'");
    expect(html).not.toMatch(/<script[^>]+src=|<link |<img |@import|url\(http/i);
    expect(renderHtmlReport(report)).toBe(html); // no clock, no randomness
  });

  it('escapes names in the markup and in the inline data', async () => {
    const { report } = await study(5);
    const html = renderHtmlReport({ ...report, encounter: 'x</script><b>"bold"</b>.json' });
    expect(html).not.toContain('<b>');
    expect(html).toContain('x&lt;/script&gt;&lt;b&gt;&quot;bold&quot;&lt;/b&gt;.json');
    expect(html).toContain('x\\u003c/script>\\u003cb>');
  });
});
