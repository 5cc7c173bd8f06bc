/**
 * robots.txt (RFC 9309) for one crawler. Written here rather than taken from npm: the rules the
 * crawler needs (groups by product token, longest match with `*` and `$`, Allow winning ties,
 * `Crawl-delay`, `Sitemap:`) are some eighty lines, and the parsers on the registry either pull
 * in a URL polyfill or do not expose `Crawl-delay` per group.
 */

export interface RobotsRules {
  /** Whether the crawler may fetch this URL (path and query are matched). */
  allows(url: URL): boolean;
  /** `Crawl-delay` of the group that applies, in milliseconds, if any. */
  crawlDelayMs: number | undefined;
  /** `Sitemap:` lines, absolute URLs. */
  sitemaps: string[];
}

interface Rule {
  allow: boolean;
  pattern: string;
  regex: RegExp;
}

interface Group {
  agents: string[];
  rules: Rule[];
  crawlDelayMs?: number;
}

export const ALLOW_ALL: RobotsRules = { allows: () => true, crawlDelayMs: undefined, sitemaps: [] };
export const DISALLOW_ALL: RobotsRules = { allows: () => false, crawlDelayMs: undefined, sitemaps: [] };

/** Parses robots.txt for the crawler whose product token is `agent` (e.g. `SiteSearchBot`). */
export function parseRobots(text: string, agent: string, base: URL): RobotsRules {
  const groups: Group[] = [];
  const sitemaps: string[] = [];
  let current: Group | null = null;
  // A run of user-agent lines opens one group; the first rule line ends the run.
  let collectingAgents = false;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      if (!collectingAgents || !current) {
        current = { agents: [], rules: [] };
        groups.push(current);
        collectingAgents = true;
      }
      current.agents.push(value.toLowerCase());
      continue;
    }
    if (key === 'sitemap') {
      try {
        sitemaps.push(new URL(value, base).href);
      } catch {
        // A malformed Sitemap line is ignored, as any unparseable line is.
      }
      continue;
    }
    collectingAgents = false;
    if (!current) continue;
    if (key === 'allow' || key === 'disallow') {
      // An empty Disallow allows everything: it adds no rule.
      if (value === '') continue;
      current.rules.push({ allow: key === 'allow', pattern: value, regex: patternRegex(value) });
    } else if (key === 'crawl-delay') {
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds >= 0) current.crawlDelayMs = seconds * 1000;
    }
  }
  const token = agent.toLowerCase();
  // Groups naming this crawler win over `*`; several groups for one agent are merged (RFC 9309 2.2.1).
  let chosen = groups.filter((group) => group.agents.some((name) => name !== '*' && token.startsWith(name)));
  if (chosen.length === 0) chosen = groups.filter((group) => group.agents.includes('*'));
  const rules = chosen.flatMap((group) => group.rules);
  const delays = chosen.map((group) => group.crawlDelayMs).filter((delay): delay is number => delay !== undefined);
  return {
    allows: (url) => {
      const path = pathOf(url);
      // /robots.txt itself is always allowed (RFC 9309 2.5).
      if (path === '/robots.txt') return true;
      let best: Rule | undefined;
      for (const rule of rules) {
        if (!rule.regex.test(path)) continue;
        if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow && !best.allow)) best = rule;
      }
      return best ? best.allow : true;
    },
    crawlDelayMs: delays.length > 0 ? Math.max(...delays) : undefined,
    sitemaps,
  };
}

/** The path and query as robots rules see them: percent-encoding normalized to upper case. */
function pathOf(url: URL): string {
  return (url.pathname + url.search).replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase());
}

function patternRegex(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase())
    .split('*')
    .map((part) => encodePath(part).replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

/** Characters a URL would carry percent-encoded, so `/ü` in robots.txt matches `/%C3%BC` in a URL. */
function encodePath(part: string): string {
  return part.replace(/[^\x21-\x7e]/g, (char) => encodeURIComponent(char));
}
