; S004 (identifiers renamed) renames every name a file defines (the text
; of a node captured @definition) at each @definition and @reference node,
; consistently within the file, to an opaque name of the same byte length
; (functions.h, RenameIdentifiers; internal/identifier_renaming.h). A name
; the file never defines (imported, builtin) stays.

; JavaScript: functions, generators, classes (declared and as
; expressions), methods, class fields, variables (plain and destructured),
; parameters (plain, default, rest, an arrow's one), catch and for-in/of
; variables, names and members assigned (this.x = ...: fields), object
; literal keys, labels. An imported binding (import x from ...) is not a
; definition here.
(function_declaration name: (identifier) @definition)
(generator_function_declaration name: (identifier) @definition)
(function_expression name: (identifier) @definition)
(generator_function name: (identifier) @definition)
(class_declaration name: (identifier) @definition)
(class name: (identifier) @definition)
(method_definition name: (property_identifier) @definition)
(method_definition name: (private_property_identifier) @definition)
(field_definition property: (property_identifier) @definition)
(field_definition property: (private_property_identifier) @definition)
(variable_declarator name: (identifier) @definition)
(object_pattern (shorthand_property_identifier_pattern) @definition)
(array_pattern (identifier) @definition)
(pair_pattern value: (identifier) @definition)
(formal_parameters (identifier) @definition)
(assignment_pattern left: (identifier) @definition)
(rest_pattern (identifier) @definition)
(arrow_function parameter: (identifier) @definition)
(catch_clause parameter: (identifier) @definition)
(for_in_statement left: (identifier) @definition)
(assignment_expression left: (identifier) @definition)
(assignment_expression left: (member_expression property: (property_identifier) @definition))
(assignment_expression left: (member_expression property: (private_property_identifier) @definition))
(pair key: (property_identifier) @definition)
(labeled_statement label: (statement_identifier) @definition)

[
  (identifier)
  (property_identifier)
  (private_property_identifier)
  (shorthand_property_identifier)
  (shorthand_property_identifier_pattern)
  (statement_identifier)
] @reference
