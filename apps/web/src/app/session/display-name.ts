import type { SessionUser } from '@fs/contract';

/** Name plus surname when both exist, else the username (spec section 2). */
export function displayName(user: Pick<SessionUser, 'name' | 'surname' | 'username'>): string {
  const name = user.name?.trim();
  const surname = user.surname?.trim();
  return name && surname ? `${name} ${surname}` : user.username;
}
