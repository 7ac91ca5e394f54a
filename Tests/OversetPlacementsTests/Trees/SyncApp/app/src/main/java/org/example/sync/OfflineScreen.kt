package org.example.sync

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.padding
import androidx.compose.material3.Button
import androidx.compose.material3.Text
import androidx.compose.material3.TopAppBar
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.dp

@Composable
fun OfflineScreen() {
    Column(Modifier.padding(horizontal = 16.dp)) {
        TopAppBar(title = { Text(stringResource(R.string.compose_title)) })
        Text(stringResource(R.string.compose_body), maxLines = 2, overflow = TextOverflow.Ellipsis)
        Button(onClick = {}) { Text(stringResource(R.string.compose_button)) }
    }
}

// Drawn by Android Studio's preview, never by the app.
@androidx.compose.ui.tooling.preview.Preview
@Composable
fun OfflineScreenPreview() {
    Text(stringResource(R.string.preview_only))
}


// The app's own composable: its optional detail is shown through `?.let { … it … }`.
@Composable
fun Hint(title: String, detail: String? = null) {
    Column {
        Text(text = title, maxLines = 1)
        detail?.let { Text(text = it, maxLines = 3) }
    }
}

@Composable
fun OfflineHint() {
    Hint(title = stringResource(R.string.hint_title), detail = stringResource(R.string.hint_detail))
}
