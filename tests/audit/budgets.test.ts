import { describe, expect, it } from 'vitest';
import {
  auditedPages,
  budgetFailures,
  carriesNoindex,
  ENFORCED,
  enforcedLimits,
  jsTransferBytes,
  median,
  medianMeasure,
  type PageMeasure,
  type PageToAudit,
  scriptTransfers,
  settledOutcome,
  skippedAudits,
  TARGETS,
} from './budgets';

const productPage: PageToAudit = { name: 'ibc-kit', path: '/ibc-kit', indexed: true, jsBudget: true };
const noindexPage: PageToAudit = { name: 'sign-in', path: '/sign-in', indexed: false, jsBudget: false };

const perfect: PageMeasure = {
  scores: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 },
  cls: 0,
  jsGzipBytes: 50_000,
  noindex: false,
};

describe('median', () => {
  it('takes the middle of an odd count regardless of order', () => {
    expect(median([97, 62, 95])).toBe(95);
  });

  it('takes the mean of the middle two of an even count', () => {
    expect(median([1, 4, 2, 3])).toBe(2.5);
  });

  it('is NaN without values', () => {
    expect(median([])).toBeNaN();
  });
});

describe('the audited pages', () => {
  it('covers the landing, product, sign-in, content, checkout and not-found pages', () => {
    expect(auditedPages.map((page) => page.path)).toEqual([
      '/',
      '/ibc-kit',
      '/custom-designed-bat',
      '/sign-in',
      '/about-us',
      '/checkout',
      '/no-such-page',
    ]);
  });

  it('audits /checkout as a buyer reaches it, signed in with a cart, at the same budgets', () => {
    const checkout = auditedPages.find((page) => page.path === '/checkout');
    expect(checkout?.setup).toBe('signedInWithCart');
    const limits = checkout && enforcedLimits(checkout);
    expect(limits?.scores).toEqual(ENFORCED.scores);
    expect(limits?.jsGzipBytes).toBe(ENFORCED.jsGzipBytes);
  });

  it('holds / and the product pages to the JavaScript budget', () => {
    expect(auditedPages.filter((page) => page.jsBudget).map((page) => page.path)).toEqual([
      '/',
      '/ibc-kit',
      '/custom-designed-bat',
    ]);
  });

  it('skips is-crawlable only on the noindex pages', () => {
    const crawlChecked = auditedPages.filter((page) => !skippedAudits(page).includes('is-crawlable'));
    expect(crawlChecked.map((page) => page.path)).toEqual([
      '/',
      '/ibc-kit',
      '/custom-designed-bat',
      '/about-us',
    ]);
    const notFound = auditedPages.find((page) => page.name === 'not-found');
    expect(notFound && skippedAudits(notFound)).toEqual([
      'http-status-code',
      'errors-in-console',
      'is-crawlable',
    ]);
  });
});

const scoring = (performance: number, over: Partial<PageMeasure> = {}): PageMeasure => ({
  ...perfect,
  scores: { ...perfect.scores, performance },
  ...over,
});

describe('medianMeasure', () => {
  it("takes each metric's median on its own, and noindex from most runs", () => {
    const measure = medianMeasure([
      scoring(80, { cls: 0.2, jsGzipBytes: 10, noindex: true }),
      scoring(99, { cls: 0, jsGzipBytes: 30, noindex: true }),
      scoring(91, { cls: 0.1, jsGzipBytes: 20, noindex: false }),
    ]);
    expect(measure).toEqual({ ...scoring(91), cls: 0.1, jsGzipBytes: 20, noindex: true });
    expect(medianMeasure([scoring(90, { noindex: true }), scoring(90)]).noindex).toBe(false);
  });
});

describe('settledOutcome: when the first runs decide the median of five', () => {
  const limits = ENFORCED;
  it('is met once three runs meet every budget, since two runs to come cannot tip a median of five', () => {
    expect(settledOutcome(productPage, [scoring(95), scoring(92)], 5, limits)).toBeUndefined();
    expect(settledOutcome(productPage, [scoring(95), scoring(92), scoring(90)], 5, limits)).toBe('met');
  });

  it('waits while the runs are split, and decides on the third on either side', () => {
    const split = [scoring(95), scoring(70), scoring(96), scoring(60)];
    expect(settledOutcome(productPage, split.slice(0, 3), 5, limits)).toBeUndefined();
    expect(settledOutcome(productPage, split, 5, limits)).toBeUndefined();
    expect(settledOutcome(productPage, [...split, scoring(91)], 5, limits)).toBe('met');
    expect(settledOutcome(productPage, [...split, scoring(89)], 5, limits)).toBe('missed');
  });

  it('is missed once three runs miss one budget, however well the others score', () => {
    const over = { jsGzipBytes: limits.jsGzipBytes + 1 };
    expect(
      settledOutcome(productPage, [scoring(99, over), scoring(99, over), scoring(99, over)], 5, limits),
    ).toBe('missed');
    expect(
      settledOutcome(productPage, [scoring(99, over), scoring(99), scoring(99, over)], 5, limits),
    ).toBeUndefined();
  });

  it('counts an unmeasured metric as the worst, and holds a noindex page to carrying it', () => {
    const unmeasured = scoring(99, { cls: Number.NaN });
    expect(settledOutcome(productPage, [unmeasured, scoring(99), scoring(99)], 5, limits)).toBeUndefined();
    const signIn = { ...noindexPage, performanceFloor: 85 };
    const carried = scoring(90, { noindex: true });
    expect(settledOutcome(signIn, [carried, carried, carried], 5, enforcedLimits(signIn))).toBe('met');
    expect(settledOutcome(signIn, [scoring(90), scoring(90), scoring(90)], 5, enforcedLimits(signIn))).toBe(
      'missed',
    );
  });

  it('decides from all the runs when none are to come', () => {
    expect(settledOutcome(productPage, [scoring(95), scoring(80)], 2, limits)).toBe('missed');
    expect(settledOutcome(productPage, [scoring(95), scoring(91)], 2, limits)).toBe('met');
  });
});

describe('budgetFailures', () => {
  it('passes a page that meets every budget', () => {
    expect(budgetFailures(productPage, perfect, TARGETS)).toEqual([]);
  });

  it("holds a page with its own floor to that floor, and every other page to ENFORCED's", () => {
    const home = auditedPages.find((page) => page.path === '/');
    if (!home) throw new Error('the audited pages include /');
    const floored = { ...home, performanceFloor: 85 };
    const at87 = { ...perfect, scores: { ...perfect.scores, performance: 87 } };
    expect(budgetFailures(floored, at87, enforcedLimits(floored))).toEqual([]);
    expect(budgetFailures(home, at87, enforcedLimits(home))).toEqual(['performance 87 < 90']);
  });

  it('holds npm test to the enforced limits: a page short of the target but above the floor still passes', () => {
    const short = { ...perfect, scores: { ...perfect.scores, performance: 92 } };
    expect(budgetFailures(productPage, short, TARGETS)).toEqual(['performance 92 < 95']);
    expect(budgetFailures(productPage, short, ENFORCED)).toEqual([]);
    // A measured run that regressed (not a budget): it must fail the enforced limits.
    const regressedRun = {
      ...perfect,
      scores: { ...perfect.scores, performance: 70 },
      jsGzipBytes: 300 * 1024,
    };
    expect(budgetFailures(productPage, regressedRun, ENFORCED)).toEqual([
      'performance 70 < 90',
      'JS 300.0 KB gzip > 165.0 KB',
    ]);
  });

  it('names each category below its budget', () => {
    const measure = { ...perfect, scores: { ...perfect.scores, performance: 94, accessibility: 98 } };
    expect(budgetFailures(productPage, measure, TARGETS)).toEqual([
      'performance 94 < 95',
      'accessibility 98 < 100',
    ]);
  });

  it('fails a score Lighthouse could not measure', () => {
    const measure = { ...perfect, scores: { ...perfect.scores, 'best-practices': Number.NaN } };
    expect(budgetFailures(productPage, measure, TARGETS)).toEqual(['best-practices NaN < 100']);
  });

  it('holds SEO only on indexed pages', () => {
    const lowSeo = { ...perfect, noindex: true, scores: { ...perfect.scores, seo: 60 } };
    expect(budgetFailures(noindexPage, lowSeo, TARGETS)).toEqual([]);
    expect(budgetFailures(productPage, lowSeo, TARGETS)).toEqual(['seo 60 < 100']);
  });

  it('fails a noindex page that does not carry noindex', () => {
    expect(budgetFailures(noindexPage, perfect, TARGETS)).toEqual([
      'no robots noindex meta on a page not meant to be indexed',
    ]);
  });

  it('takes CLS up to float noise as 0 and any real shift as a failure', () => {
    expect(budgetFailures(productPage, { ...perfect, cls: 0.0009 }, TARGETS)).toEqual([]);
    expect(budgetFailures(productPage, { ...perfect, cls: 0.002 }, TARGETS)).toEqual(['CLS 0.0020 > 0']);
    expect(budgetFailures(productPage, { ...perfect, cls: Number.NaN }, TARGETS)).toEqual(['CLS NaN > 0']);
  });

  it('fails JavaScript over 120 KB on a budgeted page only', () => {
    expect(budgetFailures(productPage, { ...perfect, jsGzipBytes: TARGETS.jsGzipBytes }, TARGETS)).toEqual(
      [],
    );
    const heavy = { ...perfect, jsGzipBytes: 215 * 1024 };
    expect(budgetFailures(productPage, heavy, TARGETS)).toEqual(['JS 215.0 KB gzip > 120.0 KB']);
    expect(budgetFailures({ ...productPage, jsBudget: false }, heavy, TARGETS)).toEqual([]);
  });
});

describe('carriesNoindex', () => {
  it('finds robots noindex among the comma-separated directives, in any case', () => {
    expect(
      carriesNoindex([
        { name: 'description', content: 'x' },
        { name: 'Robots', content: 'nofollow, NOINDEX' },
      ]),
    ).toBe(true);
    expect(carriesNoindex([{ name: 'robots', content: 'none' }])).toBe(true);
  });

  it('is false for an indexable robots meta or none at all', () => {
    expect(carriesNoindex([{ name: 'robots', content: 'index, follow' }])).toBe(false);
    expect(carriesNoindex([{ name: 'googlebot', content: 'noindex' }])).toBe(false);
    expect(carriesNoindex([])).toBe(false);
  });
});

describe('JavaScript bytes of a report', () => {
  const report = {
    audits: {
      'network-requests': {
        details: {
          type: 'table',
          items: [
            { url: 'http://127.0.0.1/', resourceType: 'Document', transferSize: 9000 },
            { url: 'http://127.0.0.1/assets/index.js', resourceType: 'Script', transferSize: 60_000 },
            { url: 'http://127.0.0.1/assets/route.js', resourceType: 'Script', transferSize: 12_000 },
            { url: 'http://127.0.0.1/assets/index.css', resourceType: 'Stylesheet', transferSize: 4000 },
            { url: 'http://127.0.0.1/assets/lazy.js', resourceType: 'Script' },
          ],
        },
      },
      'resource-summary': {
        details: { items: [{ resourceType: 'script', transferSize: 1 }] },
      },
    },
  };

  it('lists the scripts with their transfer sizes', () => {
    expect(scriptTransfers(report)).toEqual([
      { url: 'http://127.0.0.1/assets/index.js', transferSize: 60_000 },
      { url: 'http://127.0.0.1/assets/route.js', transferSize: 12_000 },
      { url: 'http://127.0.0.1/assets/lazy.js', transferSize: 0 },
    ]);
  });

  it('sums the Script requests of network-requests', () => {
    expect(jsTransferBytes(report)).toBe(72_000);
  });

  it("falls back to resource-summary's script row without network-requests", () => {
    const summaryOnly = {
      audits: {
        'resource-summary': {
          details: {
            items: [
              { resourceType: 'total', transferSize: 300_000 },
              { resourceType: 'script', transferSize: 215_000 },
            ],
          },
        },
      },
    };
    expect(jsTransferBytes(summaryOnly)).toBe(215_000);
    expect(scriptTransfers(summaryOnly)).toEqual([]);
  });

  it('is NaN for a report with neither table (a run that errored)', () => {
    expect(jsTransferBytes({ audits: {} })).toBeNaN();
  });
});
