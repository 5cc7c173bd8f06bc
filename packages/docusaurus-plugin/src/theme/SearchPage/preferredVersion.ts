/**
 * The docs version the reader last chose in the version dropdown, where the classic theme stores
 * it (`docs-preferred-version-<pluginId>` in the site's storage): browser only.
 */
import siteStorage from '@generated/site-storage';

export function readPreferredVersion(pluginId: string, persistence: unknown): string | undefined {
  if (typeof window === 'undefined' || persistence === 'none') return undefined;
  try {
    const storage = siteStorage.type === 'sessionStorage' ? window.sessionStorage : window.localStorage;
    return storage.getItem(`docs-preferred-version-${pluginId}${siteStorage.namespace}`) ?? undefined;
  } catch {
    // Storage refused (privacy settings): the latest version, as the classic theme does.
    return undefined;
  }
}
