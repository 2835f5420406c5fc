import { USER_SEARCH_MAX_LENGTH } from '@ascenso/domain/auth';
import { Input, type InputProps } from '@chakra-ui/react';

/** The search box for people (name or e-mail), capped at what `admin.users` accepts. */
export function UserSearchInput({ value, onSearch, ...props }: { value: string; onSearch: (query: string) => void } & Omit<InputProps, 'onChange'>) {
  return (
    <Input
      type="search"
      value={value}
      maxLength={USER_SEARCH_MAX_LENGTH}
      onChange={(event) => onSearch(event.target.value)}
      bg="surface"
      autoComplete="off"
      spellCheck={false}
      {...props}
    />
  );
}
