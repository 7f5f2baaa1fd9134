// The cross-company cases of Build, spread into ROUTE_CASES of server/tenant-isolation.api.test.ts: build orders
// (build-order-cases.ts), the shop-floor run with the production report (build-floor-cases.ts) and work order trees
// (work-order-tree-cases.ts), over one pair of shop-floor fixtures (build-case-kit.ts) made once for all.
import { buildCaseKit } from './build-case-kit.ts';
import { buildFloorCases } from './build-floor-cases.ts';
import { buildOrderCases } from './build-order-cases.ts';
import type { TCaseHelpers, TRouteCase } from './route-case.ts';
import { workOrderTreeCases } from './work-order-tree-cases.ts';

export function buildCases(helpers: TCaseHelpers): Record<string, TRouteCase> {
  const kit = buildCaseKit(helpers);
  return { ...buildOrderCases(kit), ...buildFloorCases(kit), ...workOrderTreeCases(kit) };
}
