// tree-sitter-kotlin 1.1.0 reads ErrorPreview as an annotated expression, not a function declaration: still a
// preview, never drawn by the app.
package org.example.sync

@Composable
fun ErrorMessage(title: String, errorReport: String, onClick: () -> Unit) {
    Text(title, maxLines = 1)
}

@Preview
@Composable
private fun ErrorPreview() {
    AppTheme {
        Surface {
            LazyColumn {
                item {
                    ErrorMessage(
                        title = stringResource(id = R.string.preview_error),
                        errorReport = ERROR_REPORT_SAMPLE,
                    ) {}
                }
            }
        }
    }
}

@Preview
@Composable
private fun OtherPreview() {
    Text(stringResource(R.string.preview_only))
}
