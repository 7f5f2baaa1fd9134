// A page of the company's users and one user, for admins.
import type { TCompanyUser, TUserListQuery, TUserPage } from '#common/schemas/users.ts';
import type { TDb } from '../../db/client.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { usersWithPasskey } from '../passkeys/passkeys.repo.ts';
import * as repo from './users.repo.ts';
import { userNotFound } from './users-rules.ts';

/** A page of the company's users. */
export async function listUsers(db: TDb, actor: TAuthUser, query: TUserListQuery): Promise<TUserPage> {
  const { rows, total } = await repo.listCompanyUsers(db, actor.companyId, query);
  const withPasskey = await usersWithPasskey(
    db,
    rows.map((row) => row.id),
  );
  const items = rows.map((row) => ({ ...repo.toCompanyUser(row), hasPasskey: withPasskey.has(row.id) }));
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** One user of the company. */
export async function getUser(db: TDb, actor: TAuthUser, id: string): Promise<TCompanyUser> {
  const row = await repo.findCompanyUser(db, actor.companyId, id);
  if (!row) throw userNotFound();
  return repo.toCompanyUser(row);
}
