import { describe, expect, it } from 'vitest';
import { documentFor, extractInlineStyles } from './prerender';

const template =
  '<!doctype html><html><head><title>Default</title><meta name="description" content="Default text" /><link rel="stylesheet" href="/assets/index.css"></head><body><div id="root"></div></body></html>';

describe('documentFor', () => {
  it("puts the markup in #root and the page's title and description in place of the defaults", () => {
    const markup =
      '<link rel="preload" as="image" href="/images/logo.svg"/><title>About us | IBC Cricket</title><meta name="description" content="Our story"/><div class="shell"><p>Hello</p></div>';
    const doc = documentFor(template, markup);
    expect(doc).toContain('<title data-prerendered>About us | IBC Cricket</title>');
    expect(doc).not.toContain('<title>Default</title>');
    expect(doc).toContain('<meta data-prerendered name="description" content="Our story"/>');
    expect(doc).not.toContain('Default text');
    expect(doc).toContain('<link data-prerendered rel="preload" as="image" href="/images/logo.svg"/></head>');
    expect(doc).toContain('<div id="root"><div class="shell"><p>Hello</p></div></div>');
  });

  it('moves a robots tag into the head and keeps the default title when the page sets none', () => {
    const doc = documentFor(template, '<meta name="robots" content="noindex"/><h1>Page not found</h1>');
    expect(doc).toContain('<title>Default</title>');
    expect(doc).toMatch(/<meta data-prerendered name="robots" content="noindex"\/><\/head>/);
    expect(doc).toContain('<div id="root"><h1>Page not found</h1></div>');
  });

  it('refuses a template without an empty #root', () => {
    expect(() => documentFor('<html><body></body></html>', '<p>x</p>')).toThrow(/root/);
  });
});

describe('extractInlineStyles', () => {
  it('turns style attributes into classes of one stylesheet, shared by equal styles', () => {
    const docs = new Map([
      [
        'a.html',
        '<span class="ui-skeleton" style="width:70%" aria-hidden="true"></span><i style="width:70%"></i>',
      ],
      ['b.html', '<span style="width:100%;height:56px"></span><p>no style</p>'],
    ]);
    const { docs: out, css } = extractInlineStyles(docs);
    expect(out.get('a.html')).toBe(
      '<span class="ui-skeleton prerendered-style-1" aria-hidden="true"></span><i class="prerendered-style-1"></i>',
    );
    expect(out.get('b.html')).toBe('<span class="prerendered-style-2"></span><p>no style</p>');
    expect(css).toBe(
      '.prerendered-style-1{width:70% !important}\n.prerendered-style-2{width:100% !important;height:56px !important}',
    );
    for (const doc of out.values()) expect(doc).not.toContain('style=');
  });

  it('decodes the HTML escapes React writes in attribute values', () => {
    const { css } = extractInlineStyles(
      new Map([['a.html', '<b style="font-family:&quot;Inter&quot;"></b>']]),
    );
    expect(css).toBe('.prerendered-style-1{font-family:"Inter" !important}');
  });
});
