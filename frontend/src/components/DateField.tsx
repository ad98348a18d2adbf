import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { INPUT_DATE_FORMAT, inputToIso } from '@/lib/dates';

type Props = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'defaultValue'> & {
  /** 'YYYY-MM-DD' or '' for none. */
  value?: string;
  onChange: (iso: string) => void;
};

/**
 * A calendar date typed the Kenyan way (DD/MM/YYYY, the full year) or picked from a calendar.
 * The value stays 'YYYY-MM-DD', as the forms and the API want it.
 */
export function DateField({ value, onChange, ...rest }: Props) {
  return (
    <DateInput
      valueFormat={INPUT_DATE_FORMAT}
      placeholder="DD/MM/YYYY"
      dateParser={(text) => (inputToIso(text) === '' ? null : inputToIso(text))}
      value={value === undefined || value === '' ? null : value}
      onChange={(v) => {
        onChange(v ?? '');
      }}
      firstDayOfWeek={1}
      popoverProps={{ withinPortal: true }}
      {...rest}
    />
  );
}
