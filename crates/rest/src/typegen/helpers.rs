//! The helper types (`Tables<>`, `TablesInsert<>`, `TablesUpdate<>`, `Enums<>`) and the
//! `Constants` object that follow `Database`, and how names and strings are written in
//! TypeScript.
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// An object key: bare when it is an identifier, quoted otherwise.
pub(super) fn key(name: &str) -> String {
    let bare = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if bare { name.to_string() } else { string(name) }
}

/// A TypeScript string literal.
pub(super) fn string(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".into())
}

/// `TablesInsert<>` or `TablesUpdate<>`: the same type over a table's `Insert` or `Update` shape.
fn tables_write_type(column_set: &str, variable: &str) -> String {
    format!(
        r#"export type Tables{column_set}<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | {{ schema: keyof DatabaseWithoutInternals }},
  TableName extends DefaultSchemaTableNameOrOptions extends {{
    schema: keyof DatabaseWithoutInternals
  }}
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {{
  schema: keyof DatabaseWithoutInternals
}}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {{
      {column_set}: infer {variable}
    }}
    ? {variable}
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {{
        {column_set}: infer {variable}
      }}
      ? {variable}
      : never
    : never

"#
    )
}

/// The helper types and the `Constants` object, with `default_schema` as the default.
pub(super) fn helpers(
    default_schema: &str,
    schemas: &[&str],
    enums: &BTreeMap<(String, String), Vec<String>>,
) -> String {
    let mut out = format!(
        r#"
type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, {default_schema}>]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | {{ schema: keyof DatabaseWithoutInternals }},
  TableName extends DefaultSchemaTableNameOrOptions extends {{
    schema: keyof DatabaseWithoutInternals
  }}
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {{
  schema: keyof DatabaseWithoutInternals
}}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {{
      Row: infer R
    }}
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {{
        Row: infer R
      }}
      ? R
      : never
    : never

{tables_insert}{tables_update}export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | {{ schema: keyof DatabaseWithoutInternals }},
  EnumName extends DefaultSchemaEnumNameOrOptions extends {{
    schema: keyof DatabaseWithoutInternals
  }}
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {{
  schema: keyof DatabaseWithoutInternals
}}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export const Constants = {{
"#,
        default_schema = string(default_schema),
        tables_insert = tables_write_type("Insert", "I"),
        tables_update = tables_write_type("Update", "U"),
    );
    for schema in schemas {
        let _ = writeln!(out, "  {}: {{\n    Enums: {{", key(schema));
        for ((enum_schema, name), labels) in enums {
            if enum_schema == schema {
                let labels: Vec<String> = labels.iter().map(|label| string(label)).collect();
                let _ = writeln!(out, "      {}: [{}],", key(name), labels.join(", "));
            }
        }
        out.push_str("    },\n  },\n");
    }
    out.push_str("} as const\n");
    out
}
