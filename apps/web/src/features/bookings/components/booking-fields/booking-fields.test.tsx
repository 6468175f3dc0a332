import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeWizardForm, wizardDefaults, wizardFieldErrors, type WizardForm } from '../../utils/wizard-form.ts';
import { LocationFields } from './location-fields.tsx';
import { ScheduleFields } from './schedule-fields.tsx';

const now = new Date('2026-03-01T06:00:00Z');

/** The fields with the wizard's own form model and rules behind them. */
function Fields({ initial, part }: { initial: Partial<WizardForm>; part: 'location' | 'schedule' }) {
  const [form, setForm] = useState(() => wizardDefaults(initial));
  const errors = wizardFieldErrors(form, now);
  const onChange = (patch: Partial<WizardForm>) => setForm((f) => changeWizardForm(f, patch));
  return part === 'location' ? (
    <LocationFields form={form} errors={errors} onChange={onChange} />
  ) : (
    <ScheduleFields form={form} errors={errors} now={now} onChange={onChange} />
  );
}

describe('the location fields', () => {
  it('clear and disable the address box when the area becomes Other, and start the specific location empty', async () => {
    const user = userEvent.setup();
    render(<Fields part="location" initial={{ location: 'Karen' }} />);
    await user.type(screen.getByRole('textbox', { name: 'Address' }), '12 Karen Road');
    expect(screen.queryByRole('textbox', { name: /Specific location/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: /Location/ }), 'Other');
    expect(screen.getByRole('textbox', { name: 'Address' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue('');
    const specific = screen.getByRole('textbox', { name: /Specific location/ });
    expect(specific).toHaveValue('');
    expect(specific).toBeRequired();
    expect(screen.getByText('Please specify the location.')).toBeInTheDocument();

    await user.type(specific, 'Two Rivers Mall');
    expect(screen.queryByText('Please specify the location.')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: /Location/ }), 'Runda');
    expect(screen.getByRole('textbox', { name: 'Address' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue('');
  });
});

describe('the hours box', () => {
  it.each(['3', '5', '0'])('raises %s hours to 6 on leaving it, and says why', async (typed) => {
    const user = userEvent.setup();
    render(<Fields part="schedule" initial={{}} />);
    const hours = screen.getByRole('spinbutton', { name: /Duration/ });
    await user.clear(hours);
    await user.type(hours, typed);
    await user.tab();
    expect(hours).toHaveValue(6);
    expect(screen.getByRole('status')).toHaveTextContent('Minimum booking is 6 hours.');

    await user.clear(hours);
    await user.type(hours, '8');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('leaves a value of 6 or more as typed, without the message', async () => {
    const user = userEvent.setup();
    render(<Fields part="schedule" initial={{}} />);
    const hours = screen.getByRole('spinbutton', { name: /Duration/ });
    await user.clear(hours);
    await user.type(hours, '7');
    await user.tab();
    expect(hours).toHaveValue(7);
    expect(screen.queryByText('Minimum booking is 6 hours.')).not.toBeInTheDocument();
  });
});
