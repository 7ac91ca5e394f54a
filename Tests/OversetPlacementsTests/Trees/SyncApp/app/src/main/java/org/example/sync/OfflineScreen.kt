package org.example.sync

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.padding
import androidx.compose.material.icons.Icons
import androidx.compose.material.icons.filled.ArrowBack
import androidx.compose.material.icons.filled.Refresh
import androidx.compose.material3.Button
import androidx.compose.material3.Icon
import androidx.compose.material3.IconButton
import androidx.compose.material3.ListItem
import androidx.annotation.StringRes
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

// A design system's top bar: the title goes through three of the app's functions to a Text in TopAppBar's slot.
@Composable
fun SyncTopBar(title: String, onBack: () -> Unit) {
    SyncTopBarInternal(title = title, navigation = onBack)
}

@Composable
private fun SyncTopBarInternal(title: String, navigation: () -> Unit) {
    TopAppBar(
        title = { TitleText(title = title) },
        navigationIcon = { IconButton(onClick = navigation) { Icon(Icons.Default.ArrowBack, contentDescription = null) } },
    )
}

@Composable
private fun TitleText(title: String) {
    Text(text = title, maxLines = 1, overflow = TextOverflow.Ellipsis)
}

@Composable
fun FoldersScreen() {
    Column(Modifier.padding(horizontal = 8.dp)) {
        SyncTopBar(title = stringResource(R.string.folders_title), onBack = {})
        IconButton(onClick = {}) { Icon(Icons.Default.Refresh, contentDescription = stringResource(R.string.refresh_action)) }
    }
}

// An overload that takes a resource id and hands its text on (`= SettingRow(title = stringResource(titleId))`): it
// shows the text, it does not return it.
@Composable
fun SettingRow(@StringRes titleId: Int, onClick: () -> Unit) = SettingRow(title = stringResource(titleId), onClick = onClick)

@Composable
fun SettingRow(title: String, onClick: () -> Unit) {
    ListItem(headlineContent = { Text(text = title) })
}

@Composable
fun SettingsRows() {
    SettingRow(titleId = R.string.setting_row, onClick = {})
}

// Never called: what it shows is never shown.
@Composable
fun RetiredBanner() {
    Text(stringResource(R.string.retired_banner))
}

suspend fun announce(snackbarHostState: SnackbarHostState, context: Context) {
    snackbarHostState.showSnackbar(context.getString(R.string.compose_snack))
}

// A class of the same name as the composable nothing calls: making one is not calling the composable.
object Rows {
    class RetiredBanner
}

fun rows() = Rows.RetiredBanner()

fun isBanner(row: Any) = row is Rows.RetiredBanner
