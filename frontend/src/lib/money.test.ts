import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { MoneySchema } from '@gen/kesi/v1/types_pb';
import { formatMoney } from './money';

const money = (currency: string, amountMinor: bigint) => create(MoneySchema, { currency, amountMinor });

describe('formatMoney', () => {
  it('shows KES as KSh and USD as $', () => {
    expect(formatMoney(money('KES', 45000n))).toBe('KSh 450');
    expect(formatMoney(money('KES', 150000n))).toBe('KSh 1,500');
    expect(formatMoney(money('USD', 1250n))).toBe('$12.50');
    expect(formatMoney(money('EUR', 1000n))).toBe('EUR 10');
    expect(formatMoney(undefined)).toBe('');
  });
});
