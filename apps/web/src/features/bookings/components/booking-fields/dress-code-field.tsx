import { DRESS_CODES, type DressCode } from '@ops/shared/constants';
import { DRESS_CODE_OPTIONS } from '../../utils/wizard-labels.ts';
import { OptionCards } from './option-cards.tsx';

const OPTIONS = DRESS_CODES.map((value) => ({ value, ...DRESS_CODE_OPTIONS[value] }));

export function DressCodeField({
  value,
  onChange,
  error,
}: {
  value: DressCode | null;
  onChange: (dressCode: DressCode) => void;
  error?: string | undefined;
}) {
  return <OptionCards legend="Dress code" required value={value} options={OPTIONS} onChange={onChange} error={error} />;
}
