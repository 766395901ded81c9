import { describe, expect, it } from 'vitest';
import { accessCodeProblem } from './sign-in-messages';

describe('accessCodeProblem', () => {
  it('stops an empty or blank field before it is sent', () => {
    expect(accessCodeProblem('')).toBe('Enter the access code.');
    expect(accessCodeProblem('   ')).toBe('Enter the access code.');
    expect(accessCodeProblem(null)).toBe('Enter the access code.');
    expect(accessCodeProblem('correct horse')).toBeNull();
  });
});
