import { Button } from '../ui/text-button';

/** "Sign in with …": a plain form, so it works before (and without) any script. */
export function OidcSignIn({ name, next }: { name: string; next: string }) {
  return (
    <form action="/auth/oidc" method="get">
      <input type="hidden" name="next" value={next} />
      <Button type="submit" className="w-full">
        Sign in with {name}
      </Button>
    </form>
  );
}
