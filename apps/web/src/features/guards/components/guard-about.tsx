import type { GuardDetailsDto } from '@ops/shared/schemas/guards';
import { Badge } from '@/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';

export function GuardAbout({ guard }: { guard: GuardDetailsDto }) {
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>About</CardTitle>
        </CardHeader>
        <CardContent>
          {guard.bio ? (
            <p className="whitespace-pre-line text-muted-foreground">{guard.bio}</p>
          ) : (
            <p className="text-muted-foreground">This guard has not written a bio yet.</p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Skills &amp; Expertise</CardTitle>
        </CardHeader>
        <CardContent>
          {guard.skills.length > 0 ? (
            <ul aria-label="Skills" className="flex flex-wrap gap-2">
              {guard.skills.map((skill) => (
                <li key={skill}>
                  <Badge variant="secondary" className="text-sm font-medium">
                    {skill}
                  </Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">No skills listed yet.</p>
          )}
        </CardContent>
      </Card>
    </>
  );
}
