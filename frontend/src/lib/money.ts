import type { Money } from '@gen/kesi/v1/types_pb';

const SYMBOLS: Record<string, string> = { KES: 'KSh', USD: '$' };

/** 'KSh 450', '$12.50': whole amounts without cents, others with two decimals. */
export function formatMoney(money: Money | undefined): string {
  if (!money) return '';
  const minor = money.amountMinor;
  const whole = minor % 100n === 0n;
  const amount = (Number(minor) / 100).toLocaleString('en-US', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  });
  const symbol = SYMBOLS[money.currency];
  if (symbol === undefined) return `${money.currency} ${amount}`;
  return symbol === '$' ? `$${amount}` : `${symbol} ${amount}`;
}
