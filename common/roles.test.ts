// The roles of SPEC.md section 6: user < admin < sysadmin, and who may open what.
import { describe, expect, it } from 'vitest';
import { canAccess, hasRole, ROLES, type TAccess, type TRole, ZRoleSchema } from './roles.ts';

describe('roles', () => {
  it('are user, admin and sysadmin, and nothing else', () => {
    expect([...ROLES]).toEqual(['user', 'admin', 'sysadmin']);
    expect(ZRoleSchema.safeParse('owner').success).toBe(false);
    expect(ZRoleSchema.safeParse('Admin').success).toBe(false);
  });

  it.each([
    // role, at least user, at least admin, at least sysadmin
    ['user', true, false, false],
    ['admin', true, true, false],
    ['sysadmin', true, true, true],
  ] as const)('%s has the rights of the roles below it and no more', (role, asUser, asAdmin, asSysadmin) => {
    expect([hasRole(role, 'user'), hasRole(role, 'admin'), hasRole(role, 'sysadmin')]).toEqual([
      asUser,
      asAdmin,
      asSysadmin,
    ]);
  });
});

describe('access', () => {
  const accesses: TAccess[] = ['public', 'signed-in', 'admin', 'sysadmin'];

  it.each([
    // who, public, signed-in, admin, sysadmin
    [null, [true, false, false, false]],
    ['user', [true, true, false, false]],
    ['admin', [true, true, true, false]],
    ['sysadmin', [true, true, true, true]],
  ] as [TRole | null, boolean[]][])(
    '%s may open %j of public, signed-in, admin, sysadmin',
    (role, expected) => {
      expect(accesses.map((access) => canAccess(role, access))).toEqual(expected);
    },
  );
});
