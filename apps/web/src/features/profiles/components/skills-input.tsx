import { useState, type KeyboardEvent } from 'react';
import { Plus, X } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';

export const MAX_SKILLS = 30;
export const MAX_SKILL_LENGTH = 60;

const normalize = (skill: string) => skill.trim().replace(/\s+/g, ' ');

/** Why a skill cannot be added, or null when it can (the same rules as the server's cleanSkills). */
export function skillProblem(skill: string, skills: readonly string[]): string | null {
  const clean = normalize(skill);
  if (!clean) return 'Type a skill before adding it';
  if (clean.length > MAX_SKILL_LENGTH) return `A skill must be at most ${MAX_SKILL_LENGTH} characters`;
  if (skills.some((s) => normalize(s).toLowerCase() === clean.toLowerCase())) return `“${clean}” is already in your skills`;
  if (skills.length >= MAX_SKILLS) return `You can list at most ${MAX_SKILLS} skills`;
  return null;
}

interface SkillsInputProps {
  value: string[];
  onChange: (skills: string[]) => void;
  error?: string | undefined;
}

export function SkillsInput({ value, onChange, error }: SkillsInputProps) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const message = problem ?? error;

  const add = () => {
    const found = skillProblem(draft, value);
    setProblem(found);
    if (found) return;
    onChange([...value, normalize(draft)]);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the skill here; it must not submit the whole form.
    event.preventDefault();
    add();
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor="guard-skill">Skills</Label>
      {value.length > 0 ? (
        <ul aria-label="Your skills" className="flex flex-wrap gap-2">
          {value.map((skill) => (
            <li key={skill} className="inline-flex items-center gap-1 rounded-full bg-muted py-1 pr-1 pl-3 text-sm font-medium">
              {skill}
              <button
                type="button"
                aria-label={`Remove ${skill}`}
                onClick={() => onChange(value.filter((s) => s !== skill))}
                className="inline-flex size-6 items-center justify-center rounded-full text-muted-foreground hover:bg-border hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No skills added yet.</p>
      )}
      <div className="flex gap-2">
        <Input
          id="guard-skill"
          placeholder="e.g. First aid"
          aria-label="Add a skill"
          aria-invalid={Boolean(message)}
          aria-describedby={message ? 'guard-skill-error' : 'guard-skill-hint'}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="button" variant="outline" onClick={add}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      {message ? null : (
        <p id="guard-skill-hint" className="text-xs text-muted-foreground">
          Type a skill and press Enter or Add.
        </p>
      )}
      <FieldError id="guard-skill-error" message={message} />
    </div>
  );
}
