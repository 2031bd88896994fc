import { useTranslation } from "react-i18next";
import { Field } from "#app/components/ui/field.tsx";
import { Select } from "#app/components/ui/input.tsx";

/**
 * Which person a tag is for, at claim and activation (decision 129): the people the user
 * manages, their own first. With only one, no question is asked and the server takes theirs.
 */
export function PersonSelect({
  id,
  people,
  defaultValue,
}: {
  id: string;
  people: { id: string; name: string }[];
  defaultValue?: string;
}) {
  const { t } = useTranslation("tags");
  if (people.length < 2) return null;
  return (
    <Field id={`${id}-person`} label={t("person.label")}>
      {(props) => (
        <Select {...props} name="person" defaultValue={defaultValue ?? people[0]!.id}>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name || t("person.unnamed")}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
