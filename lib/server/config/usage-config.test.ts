import { describe, expect, it } from 'vitest';
import { buildUsageConfig } from './usage-config';

describe('ADMIN_USERS', () => {
  it('reads comma-separated users, lower-cased, none when unset', () => {
    expect(buildUsageConfig({}).adminUsers).toEqual([]);
    expect(
      buildUsageConfig({ ADMIN_USERS: ' Ada , ops@Example.com,oidc:42,, ' }).adminUsers,
    ).toEqual(['ada', 'ops@example.com', 'oidc:42']);
  });

  it('names the variable for an entry that cannot be a user', () => {
    expect(() => buildUsageConfig({ ADMIN_USERS: 'ada lovelace' })).toThrow(/ADMIN_USERS/);
    expect(() => buildUsageConfig({ ADMIN_USERS: 'email:ada@example.com' })).toThrow(
      /ADMIN_USERS: "email:ada@example.com" is not a user/,
    );
  });
});
