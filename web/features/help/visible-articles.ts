// Which articles a person sees and which sections their company has on: the same rules as the navigation.
import { featureFlagsOf, type TLabelConfig } from '#common/label-config.ts';
import { NAV_SECTIONS, type TSectionId } from '#common/nav.ts';
import { hasRole, type TRole } from '#common/roles.ts';
import type { THelpArticle } from './article-format.ts';

/** The articles written for `role` (an article for `user` is for everyone signed in). */
export function articlesFor(articles: readonly THelpArticle[], role: TRole): THelpArticle[] {
  return articles.filter((a) => a.roles.some((least) => hasRole(role, least)));
}

/** True when the section's area is switched on for the company (sections without an area always are). */
export function sectionIsOn(config: TLabelConfig, section: TSectionId): boolean {
  const feature = NAV_SECTIONS.find((s) => s.id === section)?.feature ?? null;
  return feature === null || featureFlagsOf(config)[feature];
}
