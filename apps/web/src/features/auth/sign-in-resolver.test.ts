import { zodResolver } from '@hookform/resolvers/zod';
import { signInSchema } from '@lp/domain';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { type SignInValues, signInResolver } from './sign-in-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<SignInValues>;
const viaZod = zodResolver(signInSchema) as unknown as typeof signInResolver;

const EMAILS = [
  '',
  '   ',
  'a@b.co',
  '  Jane.Doe@Example.COM ',
  "o'neil+tag@mail.example.org",
  'nope',
  'a@b',
  'a@b.c',
  '.a@b.co',
  'a..b@b.co',
  'a.@b.co',
  'a@-b.co',
  'a@b-.co',
  'a b@c.co',
  'é@b.co',
  'a@b.co.',
  `${'a'.repeat(244)}@example.co`,
  `${'a'.repeat(245)}@example.co`,
  `${'a'.repeat(300)}`,
];
const PASSWORDS = ['', ' ', 'x', 'x'.repeat(128), 'x'.repeat(129)];

describe('signInResolver', () => {
  it('answers as zodResolver(signInSchema) does: same errors, messages and values', async () => {
    for (const email of EMAILS) {
      for (const password of PASSWORDS) {
        const values = { email, password };
        const mine = await signInResolver(values, undefined, options);
        const zods = await viaZod(values, undefined, options);
        expect(mine, JSON.stringify(values)).toEqual(zods);
      }
    }
  });

  it('trims and lower-cases the email it outputs', async () => {
    const r = await signInResolver({ email: ' Jane@Example.COM ', password: 'pw' }, undefined, options);
    expect(r).toEqual({ values: { email: 'jane@example.com', password: 'pw' }, errors: {} });
  });
});
